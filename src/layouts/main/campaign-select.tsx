import { useTranslation } from 'react-i18next';
import Select, { type SingleValue } from 'react-select';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { clearCampaign, selectCampaign, type CampaignOption } from '../../features/campaign/campaign-slice';
import styles from './header.module.css';

/** Header campaign dropdown: options come from the campaign slice's header list. */
export function CampaignSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.campaign.headerCampaignList);
  const selected = useAppSelector((s) => s.campaign.selectedCampaignOption);
  const options: CampaignOption[] = list.map((c) => ({ label: c.campaign_name, value: c.campaign_id }));

  const onChange = (option: SingleValue<CampaignOption>) => {
    if (option) dispatch(selectCampaign(option));
    else dispatch(clearCampaign());
  };

  return (
    <div className={styles.select}>
      <Select<CampaignOption, false>
        inputId="header-campaign-select"
        classNamePrefix="campaign-select"
        aria-label={t('header.selectCampaign')}
        options={options}
        value={selected}
        onChange={onChange}
        isClearable
        placeholder={t('header.campaignPlaceholder')}
        noOptionsMessage={() => t('header.noCampaigns')}
        styles={{
          control: (base, state) => ({
            ...base,
            minHeight: 40,
            borderRadius: 8,
            borderColor: state.isFocused ? 'var(--color-accent)' : 'var(--color-border)',
            boxShadow: state.isFocused ? 'var(--focus-ring)' : 'none',
            '&:hover': { borderColor: 'var(--color-accent)' },
          }),
          option: (base, state) => ({
            ...base,
            backgroundColor: state.isSelected ? 'var(--color-accent)' : state.isFocused ? 'var(--color-accent-soft)' : base.backgroundColor,
          }),
          menu: (base) => ({ ...base, zIndex: 50 }),
        }}
      />
    </div>
  );
}
