// The donors' pages carry only their part of the staff catalogue, in every language (issue 31.6).
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import enDonor from 'virtual:donor-catalogue/en';
import enStaff from '../locales/en/staff.json';
import { loadDonorCatalogue } from './donor-catalogue';
import { i18n } from './i18n';

describe('the donor catalogue', () => {
  it("holds the giving page's strings of staff.json and none of the staff pages'", () => {
    expect(enDonor).toMatchObject({ payments: { give: enStaff.payments.give, pledge: enStaff.payments.pledge, paypal: enStaff.payments.paypal, notices: enStaff.payments.notices, error: enStaff.payments.error } });
    expect(enDonor).toMatchObject({ errors: enStaff.errors });
    expect(Object.keys(enDonor).sort()).toEqual(['errors', 'payments']);
    expect(Object.keys((enDonor as typeof enStaff).payments).sort()).toEqual(['error', 'give', 'notices', 'paypal', 'pledge']);
    // What the staff pages use weighs more than the donors' part.
    expect(JSON.stringify(enDonor).length).toBeLessThan(JSON.stringify(enStaff).length / 3);
  });

  it('adds a language when it is chosen and draws the page again with it', async () => {
    let release: (strings: { default: Record<string, unknown> }) => void = () => undefined;
    const bengali = () => new Promise<{ default: Record<string, unknown> }>((resolve) => (release = resolve));
    function Shown() {
      const { t } = useTranslation();
      return <p>{t('payments.give.donorCatalogueTest', { defaultValue: 'not yet' })}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Shown />
      </I18nextProvider>,
    );
    await act(() => i18n.changeLanguage('bn'));
    const loading = loadDonorCatalogue('bn', bengali);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    await act(async () => {
      release({ default: { payments: { give: { donorCatalogueTest: 'দান করুন' } } } });
      await loading;
    });
    expect(await screen.findByText('দান করুন')).toBeInTheDocument();
    // Once: the same loader is not asked again.
    expect(loadDonorCatalogue('bn', bengali)).toBe(loading);
  });
});
