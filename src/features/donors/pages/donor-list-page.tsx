import { Fragment, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DonorRow } from '../../../../domain/donor-book/donors-contract';
import { BALANCE_FILTERS, CONTRIBUTOR_TYPE_OPTIONS, ELIGIBILITY_OPTIONS, labelOf } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import { donorPagePath, paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { FRESH, useDonorCycleListQuery, useDonorListQuery, useDonorTagListQuery } from '../api/donors-api';
import { DoingBusinessModal } from '../components/doing-business-modal';
import { DonorFormModal } from '../components/donor-form-modal';
import { LimitUsed } from '../components/limit-used';
import { donorListQuery, donorListSearchParams, hasFilters, readDonorListState, type DonorListState } from '../donor-query';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCampaignData } from '../../../lib/api';
import { useCampaignId, useCampaignName } from '../../../lib/use-campaign';
import styles from './donors.module.css';
import { useUrlParams } from '../../../lib/use-url-params';
import { formatPhone } from '../../../../domain/phone';

/** /donor-list: the campaign's donors, searched, filtered, sorted and paged on the server; state in the URL. */
/** An e-mail address that may wrap before its '@' and dots only, so a long one does not widen the table. */
function breakableEmail(email: string) {
  return email.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

export default function DonorListPage() {
  const { t } = useTranslation();
  const title = t('pages.donorList.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const campaignId = useCampaignId();
  const campaignName = useCampaignName();
  const canWrite = useCan('donor.write');
  const canUpload = useCan('upload.write');
  const [params, setParams] = useUrlParams();
  const state = readDonorListState(params);
  const [adding, setAdding] = useState(false);
  const [extract, setExtract] = useState(false);
  const [goTo, setGoTo] = useState<string | null>(null);

  const query = donorListQuery(state);
  const listResult = useDonorListQuery(campaignId ? { campaignId, query } : skipToken, FRESH);
  // The table dims on the last page of this campaign while the next one loads (never another campaign's).
  const listData = useCampaignData(listResult, campaignId || null);
  const listError = listResult.isError ? apiErrorMessage(listResult.error) : undefined;
  const tags = useCampaignData(useDonorTagListQuery(campaignId || skipToken, FRESH), campaignId || null);
  const cycles = useCampaignData(useDonorCycleListQuery(campaignId || skipToken, FRESH), campaignId || null);

  useEffect(() => {
    if (goTo) navigate(donorPagePath(goTo));
  }, [goTo, navigate]);

  const update = useCallback(
    (patch: Partial<DonorListState>) => {
      setParams((current) => {
        const base = readDonorListState(current);
        const resetsPage = !('page' in patch);
        return donorListSearchParams({ ...base, ...(resetsPage ? { page: 1 } : {}), ...patch });
      });
    },
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  const rows = listData?.donor_list ?? [];
  const total = listData?.total ?? 0;
  const filtered = hasFilters(state);
  const cycle = listData?.cycle?.value ?? null;
  /** A this-cycle figure's header: 'Paid (2029 cycle)' once the list says which cycle ('Paid' before or without one). */
  const cycleHeader = (label: string) => head(label, cycle ? t('donors.columns.cycle', { cycle }) : undefined);
  const context = listData
    ? campaignName
      ? t('donors.count', { count: total, campaign: campaignName })
      : t('donors.countNoCampaign', { count: total })
    : t('pages.donorList.context');

  const columns: DataTableColumn<DonorRow>[] = [
    {
      id: 'name',
      header: t('donors.columns.name'),
      sortKey: 'name',
      rowHeader: true,
      cell: (d) => (
        <div className={styles.nameCell}>
          <Link to={donorPagePath(d.donor_id)} className={styles.nameLink}>
            {d.name}
          </Link>
          <span className={styles.sub}>
            {d.donor_email && breakableEmail(d.donor_email)}
            {d.donor_email && d.donor_phone && ' · '}
            {formatPhone(d.donor_phone)}
          </span>
        </div>
      ),
    },
    {
      id: 'type',
      header: head(t('donors.columns.contributorType')),
      sortKey: 'contributor_type',
      cell: (d) => (
        <>
          {labelOf(CONTRIBUTOR_TYPE_OPTIONS, d.contributor_type)}
          {d.is_international && <span className={styles.chipMuted}>{t('donors.international')}</span>}
        </>
      ),
    },
    { id: 'eligibility', header: t('donors.columns.eligibility'), sortKey: 'eligibility', cell: (d) => labelOf(ELIGIBILITY_OPTIONS, d.eligibility) },
    { id: 'paid', header: cycleHeader(t('donors.columns.paid')), align: 'end', sortKey: 'paid_cents', descendingFirst: true, cell: (d) => formatCents(d.paid_cents) },
    {
      id: 'outstanding',
      header: cycleHeader(t('donors.columns.outstanding')),
      align: 'end',
      sortKey: 'outstanding_cents',
      descendingFirst: true,
      cell: (d) => (d.outstanding_cents > 0 ? formatCents(d.outstanding_cents) : <span className={styles.muted}>{formatCents(0)}</span>),
    },
    { id: 'limit', header: cycleHeader(t('donors.columns.limitUsed')), align: 'end', cell: (d) => <LimitUsed aggregateCents={d.aggregate_cents} limitCents={d.limit_cents} /> },
    { id: 'allTimePaid', header: head(t('donors.columns.allTimePaid')), align: 'end', cell: (d) => formatCents(d.all_time_paid_cents) },
    {
      id: 'last',
      nowrap: true,
      header: head(t('donors.columns.lastDonation')),
      align: 'end',
      sortKey: 'last_donation_date',
      descendingFirst: true,
      cell: (d) => formatDate(d.last_donation_date) || <span className={styles.muted}>—</span>,
    },
  ];

  const clear = () => setParams(donorListSearchParams({ ...state, page: 1, search: '', contributor_type: '', eligibility: '', tag: '', balance: '', cycle: '' }));

  const empty = filtered ? (
    <EmptyState
      text={t('donors.noMatch')}
      action={
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={clear}>
          {t('donors.clearFilters')}
        </button>
      }
    />
  ) : (
    <EmptyState
      text={t('donors.emptyTitle')}
      action={
        (canWrite || canUpload) && (
          <>
            {canWrite && (
              <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={() => setAdding(true)}>
                {t('donors.addFirst')}
              </button>
            )}
            {canUpload && (
              <Link to={paths.bulkHistory} className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
                {t('donors.uploadList')}
              </Link>
            )}
          </>
        )
      }
    />
  );

  return (
    <>
      <PageHeader
        title={title}
        context={context}
        action={
          canWrite && (
            <div className={styles.headerActions}>
              <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={() => setExtract(true)}>
                {t('donors.dbExtract.open')}
              </button>
              <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={() => setAdding(true)}>
                {t('donors.add')}
              </button>
            </div>
          )
        }
      />
      <div className={styles.toolbar} role="search">
        <SearchBox className={styles.searchBox} label={t('donors.search')} placeholder={t('donors.searchPlaceholder')} value={state.search} onSearch={onSearch} />
        <FilterSelect
          label={t('donors.contributorType')}
          value={state.contributor_type}
          allLabel={t('donors.allTypes')}
          options={CONTRIBUTOR_TYPE_OPTIONS}
          onChange={(v) => update({ contributor_type: v as DonorListState['contributor_type'] })}
        />
        <FilterSelect
          label={t('donors.eligibility')}
          value={state.eligibility}
          allLabel={t('donors.allEligibility')}
          options={ELIGIBILITY_OPTIONS}
          onChange={(v) => update({ eligibility: v as DonorListState['eligibility'] })}
        />
        <FilterSelect
          label={t('donors.tag')}
          value={state.tag}
          allLabel={t('donors.allTags')}
          options={withCurrent(tags ?? [], state.tag).map((tag) => ({ value: tag, label: tag }))}
          onChange={(v) => update({ tag: v })}
        />
        <FilterSelect
          label={t('donors.balance')}
          value={state.balance}
          allLabel={t('donors.anyBalance')}
          options={BALANCE_FILTERS.map((b) => ({ value: b, label: t(`donors.balances.${b}`) }))}
          onChange={(v) => update({ balance: v as DonorListState['balance'] })}
        />
        <FilterSelect
          label={t('donors.cycle.filter')}
          value={state.cycle}
          allLabel={t('donors.cycle.any')}
          options={withCurrent((cycles ?? []).map((c) => c.value), state.cycle).map((value) => ({
            value,
            label: cycles?.find((c) => c.value === value)?.label ?? value,
          }))}
          onChange={(v) => update({ cycle: v })}
        />
        {filtered && (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.clear}`} onClick={clear}>
            {t('donors.clearFilters')}
          </button>
        )}
      </div>
      <DataTable
        caption={t('donors.caption')}
        columns={columns}
        rows={rows}
        rowKey={(d) => d.donor_id}
        loading={listResult.isFetching}
        sort={state.sort}
        onSortChange={(sort) => update({ sort })}
        error={listError}
        empty={empty}
        maxHeight="max(360px, calc(100vh - 220px))"
      />
      <Pager
        page={state.page}
        pageSize={state.limit}
        total={total}
        disabled={listResult.isFetching}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(limit) => update({ limit })}
      />
      {extract && <DoingBusinessModal campaignId={campaignId} onClose={() => setExtract(false)} />}
      {adding && (
        <DonorFormModal
          campaignId={campaignId}
          donor={null}
          onClose={() => setAdding(false)}
          onSaved={() => setAdding(false)}
          onOpenExisting={(id) => {
            setAdding(false);
            setGoTo(id);
          }}
        />
      )}
    </>
  );
}

/** A header that may wrap between words (only when the columns need the room), with an optional second line. */
function head(label: string, sub?: string) {
  return (
    <span className={styles.head}>
      {label}
      {sub && (
        <>
          {' '}
          <span className={styles.headSub}>{sub}</span>
        </>
      )}
    </span>
  );
}

function withCurrent(tags: string[], current: string): string[] {
  return current && !tags.includes(current) ? [current, ...tags] : tags;
}

interface FilterSelectProps {
  label: string;
  value: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

function FilterSelect({ label, value, allLabel, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <select id={id} className={styles.filterSelect} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
