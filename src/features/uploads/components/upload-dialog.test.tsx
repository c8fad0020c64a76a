import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { fakeIdToken, TEST_USER } from '../../../test/auth-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { CAMPAIGN, FILE_KEY, fakeApi, presigned, uploadHandlers, uploadPreview } from '../test-fixtures';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };

const server = setupServer(...uploadHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  fakeApi.reset();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const donorsCsv = () => new File(['Full Name,Email,Notes\r\nAnn Lee,ann@example.org,x\r\n'], 'donors.csv', { type: 'text/csv' });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  renderApp('/bulk-history');
  await user.click((await screen.findAllByRole('button', { name: 'Upload file' }, FIRST_RENDER))[0]!);
  return screen.getByRole('dialog', { name: 'Upload donors or payments' });
}

/** Chooses the file and uploads it; resolves once the mapping step shows. */
async function uploadToMapping(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, file: File = donorsCsv()) {
  await user.upload(within(dialog).getByLabelText('File (CSV or Excel .xlsx)'), file);
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  await within(dialog).findByRole('table', { name: 'Columns of the file' });
}

describe('/bulk-history upload dialog', () => {
  it('sends the file with a progress bar, pre-fills the mapping, blocks until every required field is covered, then starts the upload', async () => {
    let release!: () => void;
    fakeApi.putGate = new Promise((resolve) => (release = resolve));
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('radio', { name: 'Donors' })).toBeChecked();
    await user.upload(within(dialog).getByLabelText('File (CSV or Excel .xlsx)'), donorsCsv());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    // The PUT is under way: a progress bar.
    const bar = await within(dialog).findByRole('progressbar');
    expect(bar).toHaveAccessibleName(/donors\.csv/);
    await waitFor(() => expect(fakeApi.paths()).toEqual(['list', 'presign', 'put']));
    release();

    // The mapping: pre-filled from the preview, where it came from, a few sample values.
    const table = await within(dialog).findByRole('table', { name: 'Columns of the file' });
    // The Upload button is gone: the keyboard focus is on the new step, inside the dialog.
    expect(document.activeElement).toHaveTextContent('Step 3 of 3: Match the columns');
    expect(within(dialog).getByText('Our best guess: check each column.')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Field for column Full Name' })).toHaveValue('name');
    expect(within(table).getByRole('combobox', { name: 'Field for column Email' })).toHaveValue('donor_email');
    expect(within(table).getByRole('combobox', { name: 'Field for column Notes' })).toHaveValue('');
    expect(within(table).getByRole('row', { name: /Full Name/ })).toHaveTextContent('Ann Lee · Ben Ode');

    // Contributor type: no column holds it, so Continue waits for one value for every row.
    const go = within(dialog).getByRole('button', { name: 'Validate rows' });
    expect(go).toBeDisabled();
    expect(within(dialog).getByText('Still needed: Contributor type')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Contributor type for every row (no column holds it)' }), 'individual');
    expect(go).toBeEnabled();
    expect(within(dialog).queryByText(/Still needed/)).not.toBeInTheDocument();
    await user.click(go);

    await waitFor(() => expect(fakeApi.paths()).toContain('bulk_upload'));
    expect(fakeApi.last('presign')!.body).toEqual({ campaign_id: CAMPAIGN, file_name: 'donors.csv', file_size: donorsCsv().size, content_type: 'text/csv' });
    const put = fakeApi.last('put')!;
    expect(put.headers.get('content-type')).toBe('text/csv');
    expect(put.headers.get('authorization')).toBeNull();
    expect(fakeApi.last('preview')!.body).toEqual({ campaign_id: CAMPAIGN, type: 'donor', file_key: FILE_KEY, file_name: 'donors.csv', sheet: null });
    expect(fakeApi.last('bulk_upload')!.body).toEqual({
      campaign_id: CAMPAIGN,
      type: 'donor',
      file_key: FILE_KEY,
      file_name: 'donors.csv',
      mapping: { 'Full Name': 'name', Email: 'donor_email', Notes: '' },
      options: { validate_only: false, sheet: null, defaults: { contributor_type: 'individual' } },
    });
    // The dialog closes and the review of the new upload opens.
    expect(await screen.findByRole('dialog', { name: 'Upload: spring-donors.csv' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Upload donors or payments' })).not.toBeInTheDocument();
  });

  it('refuses an .xls, a Numbers file, another type and a file over 20 MB before uploading anything', async () => {
    const user = userEvent.setup({ applyAccept: false }); // "All files" in the browser's picker
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText('File (CSV or Excel .xlsx)');
    expect(input).toHaveAttribute('accept', '.csv,.tsv,.txt,.xlsx');
    const upload = within(dialog).getByRole('button', { name: 'Upload' });

    await user.upload(input, new File(['x'], 'old.xls', { type: 'application/vnd.ms-excel' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Excel 97-2003 workbooks (.xls) cannot be read: save the file as .xlsx or CSV and upload it again');
    expect(upload).toBeDisabled();

    await user.upload(input, new File(['x'], 'sheet.numbers'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Apple Numbers files cannot be read/);
    await user.upload(input, new File(['x'], 'donors.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only CSV and Excel (.xlsx) files can be imported');

    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The file is larger than 20 MB; split it into smaller files');
    expect(upload).toBeDisabled();

    await user.click(upload);
    expect(fakeApi.paths().filter((p) => p !== 'list')).toEqual([]);

    await user.upload(input, donorsCsv());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(upload).toBeEnabled();
  });

  it('gives a field to one column only, and blocks Continue while a required field is missing', async () => {
    fakeApi.preview = uploadPreview({ defaults: { contributor_type: 'individual' }, missing_required: [], mapping_source: 'preset', preset: 'actblue' });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await uploadToMapping(user, dialog);
    expect(within(dialog).getByText('Recognised as an export from ActBlue.')).toBeInTheDocument();
    // The preset's default is pre-filled, so nothing is missing.
    expect(within(dialog).getByRole('combobox', { name: 'Contributor type for every row (no column holds it)' })).toHaveValue('individual');
    const go = within(dialog).getByRole('button', { name: 'Validate rows' });
    expect(go).toBeEnabled();

    // Name chosen for the Email column: Full Name loses it.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field for column Email' }), 'name');
    expect(within(dialog).getByRole('combobox', { name: 'Field for column Full Name' })).toHaveValue('');
    expect(go).toBeEnabled();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field for column Email' }), '');
    expect(go).toBeDisabled();
    expect(within(dialog).getByText('Still needed: Name')).toBeInTheDocument();

    // First and last name together cover Name.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field for column Full Name' }), 'first_name');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field for column Notes' }), 'last_name');
    expect(go).toBeEnabled();
  });

  it('sends validate only and the chosen sheet; changing the sheet reads the preview again', async () => {
    fakeApi.preview = uploadPreview({ format: 'xlsx', sheets: ['Donors', 'Notes'], sheet: 'Donors', delimiter: null, encoding: null, mapping_source: 'template', defaults: { contributor_type: 'individual' } });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: "Validate only (don't import)" }));
    await uploadToMapping(user, dialog, new File(['PK'], 'donors.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(within(dialog).getByText("The template's columns were recognised.")).toBeInTheDocument();
    const sheet = within(dialog).getByRole('combobox', { name: 'Sheet' });
    expect(sheet).toHaveValue('Donors');

    fakeApi.preview = { ...fakeApi.preview, sheet: 'Notes' };
    await user.selectOptions(sheet, 'Notes');
    await waitFor(() => expect(fakeApi.last('preview')!.body).toMatchObject({ sheet: 'Notes' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Sheet' })).toHaveValue('Notes'));

    await user.click(within(dialog).getByRole('button', { name: 'Validate rows' }));
    await waitFor(() => expect(fakeApi.paths()).toContain('bulk_upload'));
    expect(fakeApi.last('bulk_upload')!.body).toMatchObject({ options: { validate_only: true, sheet: 'Notes', defaults: { contributor_type: 'individual' } } });
  });

  it('sends a payments file to a signed URL relative to the API, and says why the server refused one', async () => {
    fakeApi.signed = presigned({ url: '/private-files/upload?token=rel' });
    fakeApi.preview = uploadPreview({ headers: ['Date', 'Amount'], samples: [['2029-03-01', '25']], mapping: { Date: 'paying_date', Amount: 'paid_amount' }, missing_required: ['payment_method'] }, 'payment');
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Payments' }));
    await uploadToMapping(user, dialog, new File(['Date,Amount\n'], 'payments.csv', { type: '' }));
    expect(fakeApi.last('put')!.url).toMatch(/^http:\/\/localhost(:\d+)?\/private-files\/upload\?token=rel$/);
    expect(fakeApi.last('presign')!.body).toMatchObject({ content_type: 'text/csv' });
    expect(fakeApi.last('preview')!.body).toMatchObject({ type: 'payment' });
    expect(within(dialog).getByText('Still needed: Payment method')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment method for every row (no column holds it)' }), 'check');

    const { http, HttpResponse } = await import('msw');
    server.use(http.post('*/donation/bulk_upload', () => HttpResponse.json({ code: 'IMPORT_FILE_TOO_MANY_ROWS', message: 'too many' }, { status: 422 })));
    await user.click(within(dialog).getByRole('button', { name: 'Validate rows' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file has more than 100,000 rows; split it into smaller files');
  });

  it('reads a payments file picked as donors as payments, from its headers, and says so (issue 33.7)', async () => {
    const { http, HttpResponse } = await import('msw');
    const payments = uploadPreview({ headers: ['donor_email', 'paying_date', 'paid_amount', 'payment_method'], samples: [], mapping: { donor_email: 'donor_email', paying_date: 'paying_date', paid_amount: 'paid_amount', payment_method: 'payment_method' }, missing_required: [], detected_type: 'payment' }, 'payment');
    const asDonors = uploadPreview({ headers: payments.headers, samples: [], mapping: { donor_email: 'donor_email', paying_date: '', paid_amount: '', payment_method: '' }, missing_required: ['name', 'contributor_type'], detected_type: 'payment' });
    const asked: unknown[] = [];
    server.use(
      http.post('*/donation/upload_preview', async ({ request }) => {
        const body = (await request.json()) as { type: string };
        asked.push(body.type);
        return HttpResponse.json({ data: body.type === 'payment' ? payments : asDonors });
      }),
    );
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('radio', { name: 'Donors' })).toBeChecked();
    await uploadToMapping(user, dialog, new File(['donor_email,paying_date,paid_amount,payment_method\r\n'], 'payments.csv', { type: 'text/csv' }));
    expect(asked).toEqual(['donor', 'payment']);
    expect(within(dialog).getByRole('status')).toHaveTextContent('These columns belong to a Payments file, so the file is read as Payments.');
    await user.click(within(dialog).getByRole('button', { name: 'Validate rows' }));
    await waitFor(() => expect(fakeApi.last('bulk_upload')?.body).toMatchObject({ type: 'payment' }));
  });
});
