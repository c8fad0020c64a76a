import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ExpenseAttachmentRow, ExpenseRow } from '../../../../domain/donor-book/expenses-contract';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
/** The first render compiles the layout and page chunks (slow on a busy machine). */
const FIRST_RENDER = { timeout: 15_000 };

const EXPENSE_1 = 'e0000000-0000-4000-8000-000000000001';
const EXPENSE_2 = 'e0000000-0000-4000-8000-000000000002';
const ROWS: ExpenseRow[] = [
  {
    expense_id: EXPENSE_1,
    expense_date: '2025-03-04',
    amount_cents: 125_050,
    payee: 'Acme Printing',
    purpose: 'campaign_literature',
    purpose_details: null,
    payment_method: 'check',
    reference_number: '1042',
    memo: 'Door hangers',
    created_at: '2025-03-04T10:00:00.000Z',
    attachment_count: 1,
  },
  {
    expense_id: EXPENSE_2,
    expense_date: '2025-02-20',
    amount_cents: 4_999,
    payee: 'City Parking',
    purpose: 'parking',
    purpose_details: null,
    payment_method: 'card',
    reference_number: null,
    memo: null,
    created_at: '2025-02-20T10:00:00.000Z',
    attachment_count: 0,
  },
];

const ATTACHMENT_1 = 'a0000000-0000-4000-8000-000000000001';
const RECEIPT: ExpenseAttachmentRow = {
  attachment_id: ATTACHMENT_1,
  expense_id: EXPENSE_1,
  file_name: 'acme-invoice.pdf',
  file_size: 2_621_440,
  content_type: 'application/pdf',
  uploaded_by: { id: TEST_USER.userId, name: 'Test User' },
  created_at: '2025-03-05T09:00:00.000Z',
};
let attachments: ExpenseAttachmentRow[] = [RECEIPT];

let resources = ALL_RESOURCES;
const queries: URLSearchParams[] = [];
const writes: { path: string; body?: unknown }[] = [];
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: resources }] })),
  http.get('*/donation/expense/list_expense/:id', ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    return HttpResponse.json({ data: { expense_list: ROWS, total: 2, page: 1, limit: 25, totals: { amount_cents: 130_049 } } });
  }),
  http.post('*/donation/expense/add_expense', async ({ request }) => {
    writes.push({ path: 'add_expense', body: await request.json() });
    return HttpResponse.json({ data: null, message_code: 'EXPENSE_ADDED' }, { status: 201 });
  }),
  http.post('*/donation/expense/update_expense', async ({ request }) => {
    writes.push({ path: 'update_expense', body: await request.json() });
    return HttpResponse.json({ data: null, message_code: 'EXPENSE_UPDATED' });
  }),
  http.get('*/donation/expense/list_attachment/:campaignId/:expenseId', ({ params }) =>
    HttpResponse.json({ data: { attachment_list: attachments.filter((a) => a.expense_id === params.expenseId), total: attachments.length, max_attachments: 10 } }),
  ),
  http.get('*/donation/expense/attachment_download/:campaignId/:attachmentId', ({ params }) =>
    HttpResponse.json({ data: { url: `/private-files/download?token=${String(params.attachmentId)}`, file_name: 'acme-invoice.pdf', expires_at: '' } }),
  ),
  http.post('*/donation/expense/attachment_presigned_url', async ({ request }) => {
    writes.push({ path: 'attachment_presigned_url', body: await request.json() });
    return HttpResponse.json({ data: { key: `campaigns/${CAMPAIGN_A}/expense-attachments/k.png`, url: '/private-files/upload?token=up', method: 'PUT', headers: { 'content-type': 'image/png' }, expires_at: '', max_bytes: 4 } });
  }),
  http.put('*/private-files/upload', async ({ request }) => {
    await delay(150);
    writes.push({ path: `PUT ${request.headers.get('content-type') ?? ''} ${request.headers.get('authorization') ?? 'no authorization'}` });
    return HttpResponse.json({ data: { key: 'k', size: 4 } }, { status: 201 });
  }),
  http.post('*/donation/expense/add_attachment', async ({ request }) => {
    const body = (await request.json()) as { file_name: string };
    writes.push({ path: 'add_attachment', body });
    const row = { ...RECEIPT, attachment_id: 'a0000000-0000-4000-8000-000000000002', file_name: body.file_name, file_size: 4, content_type: 'image/png' };
    attachments = [...attachments, row];
    return HttpResponse.json({ data: row }, { status: 201 });
  }),
  http.delete('*/donation/expense/delete_attachment/:campaignId/:attachmentId', ({ params }) => {
    writes.push({ path: `delete_attachment/${String(params.attachmentId)}` });
    attachments = attachments.filter((a) => a.attachment_id !== params.attachmentId);
    return HttpResponse.json({ data: { attachment_id: params.attachmentId, expense_id: EXPENSE_1 } });
  }),
  http.delete('*/donation/expense/delete_expense/:campaignId/:expenseId', ({ params }) => {
    writes.push({ path: `delete_expense/${String(params.campaignId)}/${String(params.expenseId)}` });
    return HttpResponse.json({ data: null, message_code: 'EXPENSE_DELETED' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resources = ALL_RESOURCES;
  attachments = [RECEIPT];
  queries.length = 0;
  writes.length = 0;
});
afterAll(() => server.close());

function open(path = '/expenses') {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(path);
}

async function findTable() {
  const table = await screen.findByRole('table', { name: 'Expenses' }, FIRST_RENDER);
  await within(table).findByRole('rowheader', { name: 'Acme Printing' }, FIRST_RENDER);
  return table;
}

describe('/expenses', () => {
  it('lists expenses with dates, amounts and the total of the filtered set', async () => {
    open();
    const table = await findTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Expenses' })).toBeInTheDocument();
    const acme = within(table).getByRole('row', { name: /Acme Printing/ });
    expect(acme).toHaveTextContent('04-03-2025');
    expect(acme).toHaveTextContent('Campaign literature');
    expect(acme).toHaveTextContent('Check');
    expect(acme).toHaveTextContent('Ref. 1042');
    expect(within(acme).getAllByRole('cell').find((c) => c.textContent === '$1,250.50')).toHaveClass(/end/);
    expect(within(table).getByRole('row', { name: /City Parking/ })).toHaveTextContent('$49.99');
    const footer = within(table.querySelector('tfoot') as HTMLElement);
    expect(footer.getByRole('rowheader', { name: 'Total spent' })).toBeInTheDocument();
    expect(footer.getByText('$1,300.49')).toBeInTheDocument();
    expect(screen.getByText('2 expenses')).toBeInTheDocument();
    expect(queries[0]?.get('sort')).toBe('-expense_date');
  });

  it('sends the filters, the search and the sort to the server', async () => {
    const user = userEvent.setup();
    open();
    await findTable();
    await user.selectOptions(screen.getByLabelText('Purpose'), 'parking');
    await waitFor(() => expect(queries.at(-1)?.get('purpose')).toBe('parking'));
    await user.selectOptions(screen.getByLabelText('Payment method'), 'card');
    await waitFor(() => expect(queries.at(-1)?.get('payment_method')).toBe('card'));
    await user.type(screen.getByLabelText('From'), '01-01-2025');
    await waitFor(() => expect(queries.at(-1)?.get('start_date')).toBe('2025-01-01'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'acme');
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('acme'));
    expect(queries.at(-1)?.get('purpose')).toBe('parking');
    expect(await screen.findByText('Total of the filtered expenses', { selector: 'span' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('-amount_cents'));
  });

  it("adds an expense: 'other' shows a required explanation", async () => {
    const user = userEvent.setup();
    open();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Add expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    expect(within(dialog).queryByLabelText(/Explanation/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add expense' }));
    expect(await within(dialog).findByText('Payee is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Purpose is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment method is required')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Date/));
    await user.type(within(dialog).getByLabelText(/Date/), '10-03-2025');
    await user.type(within(dialog).getByLabelText(/Amount/), '1,234.5');
    await user.type(within(dialog).getByLabelText(/Payee/), 'Jane Volunteer');
    await user.selectOptions(within(dialog).getByLabelText(/Purpose/), 'other');
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'zelle');
    const explanation = within(dialog).getByLabelText(/Explanation/);
    expect(explanation).toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Add expense' }));
    expect(await within(dialog).findByText('Please explain the purpose')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.type(explanation, 'Volunteer lunch');
    await user.click(within(dialog).getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByText('Expense added successfully')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        path: 'add_expense',
        body: {
          campaign_id: CAMPAIGN_A,
          expense_date: '2025-03-10',
          amount_cents: 123_450,
          payee: 'Jane Volunteer',
          purpose: 'other',
          purpose_details: 'Volunteer lunch',
          payment_method: 'zelle',
          reference_number: null,
          memo: null,
        },
      },
    ]);
  });

  it('asks for details of a reimbursement, and hides the field again for another purpose', async () => {
    const user = userEvent.setup();
    open();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Add expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    await user.selectOptions(within(dialog).getByLabelText(/Purpose/), 'reimbursement');
    expect(within(dialog).getByLabelText(/Details/)).toBeRequired();
    await user.selectOptions(within(dialog).getByLabelText(/Purpose/), 'meals');
    expect(within(dialog).queryByLabelText(/Details/)).toBeNull();
  });

  it('edits an expense with every field prefilled', async () => {
    const user = userEvent.setup();
    open();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Edit expense: Acme Printing, 04-03-2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('1,250.50');
    expect(within(dialog).getByLabelText(/Payee/)).toHaveValue('Acme Printing');
    expect(within(dialog).getByLabelText(/Reference number/)).toHaveValue('1042');
    const amount = within(dialog).getByLabelText(/Amount/);
    await user.clear(amount);
    await user.type(amount, '1300');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Expense updated successfully')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        path: 'update_expense',
        body: {
          campaign_id: CAMPAIGN_A,
          expense_id: EXPENSE_1,
          expense_date: '2025-03-04',
          amount_cents: 130_000,
          payee: 'Acme Printing',
          purpose: 'campaign_literature',
          purpose_details: null,
          payment_method: 'check',
          reference_number: '1042',
          memo: 'Door hangers',
        },
      },
    ]);
  });

  it('deletes an expense after confirmation', async () => {
    const user = userEvent.setup();
    open();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Delete expense: City Parking, 20-02-2025' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this expense?' });
    expect(confirm).toHaveTextContent('The expense to City Parking of $49.99 on 20-02-2025 will be deleted.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete expense: City Parking, 20-02-2025' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this expense?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Expense deleted successfully')).toBeInTheDocument();
    expect(writes).toEqual([{ path: `delete_expense/${CAMPAIGN_A}/${EXPENSE_2}` }]);
  });

  it('shows no add, edit or delete without expense.write', async () => {
    resources = ALL_RESOURCES.filter((r) => r !== 'expense.write');
    open();
    await findTable();
    expect(screen.queryByRole('button', { name: 'Add expense' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit expense/ })).toBeNull();
  });

  it('receipts: lists an expense\'s files, downloads one, attaches a file through the signed URL with a progress bar, deletes one after confirmation', async () => {
    // The file picker's `accept` is a hint a user can override ("All files"): the page checks again.
    const user = userEvent.setup({ applyAccept: false });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    open();
    const table = await findTable();
    expect(within(table).getByRole('columnheader', { name: 'Receipts' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Attach: receipts of the expense to City Parking on 20-02-2025' })).toHaveTextContent('Attach');
    await user.click(within(table).getByRole('button', { name: '1 file: receipts of the expense to Acme Printing on 04-03-2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipts: Acme Printing' });
    const files = await within(dialog).findByRole('table', { name: 'Attached files' });
    const row = await within(files).findByRole('row', { name: /acme-invoice\.pdf/ });
    expect(row).toHaveTextContent('2.5 MB');
    expect(row).toHaveTextContent('Test User');
    expect(row).toHaveTextContent('05-03-2025');

    await user.click(within(row).getByRole('button', { name: 'Download acme-invoice.pdf' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).href).toContain(`/private-files/download?token=${ATTACHMENT_1}`);
    clicked.mockRestore();

    // A type the server would refuse is refused before anything is sent.
    const input = within(dialog).getByLabelText('Attach a file');
    expect(input).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png,.webp,.gif,.zip,.rar,.tar');
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This type of file is not accepted; accepted types: .pdf, .jpg, .jpeg, .png, .webp, .gif, .zip, .rar, .tar');
    expect(writes).toEqual([]);

    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Uploading receipt.png' })).toBeInTheDocument();
    expect(await within(files).findByRole('row', { name: /receipt\.png/ })).toBeInTheDocument();
    expect(await screen.findByText('receipt.png attached')).toBeInTheDocument();
    expect(writes).toEqual([
      { path: 'attachment_presigned_url', body: { campaign_id: CAMPAIGN_A, expense_id: EXPENSE_1, file_name: 'receipt.png', file_size: 4 } },
      { path: 'PUT image/png no authorization' },
      { path: 'add_attachment', body: { campaign_id: CAMPAIGN_A, expense_id: EXPENSE_1, file_key: `campaigns/${CAMPAIGN_A}/expense-attachments/k.png`, file_name: 'receipt.png' } },
    ]);

    writes.length = 0;
    await user.click(within(files).getByRole('button', { name: 'Delete acme-invoice.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this file?' });
    expect(confirm).toHaveTextContent('acme-invoice.pdf will be deleted from the expense.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('acme-invoice.pdf deleted')).toBeInTheDocument();
    expect(writes).toEqual([{ path: `delete_attachment/${ATTACHMENT_1}` }]);
    const reopened = await screen.findByRole('dialog', { name: 'Receipts: Acme Printing' });
    await waitFor(() => expect(within(reopened).queryByRole('row', { name: /acme-invoice\.pdf/ })).toBeNull());
  });

  it('receipts: attaching refreshes the counts in the list behind the dialog, and every download asks for a fresh link', async () => {
    // The list counts the receipts the server holds (as list_expense does).
    server.use(
      http.get('*/donation/expense/list_expense/:id', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        const expense_list = ROWS.map((row) => ({ ...row, attachment_count: attachments.filter((a) => a.expense_id === row.expense_id).length }));
        return HttpResponse.json({ data: { expense_list, total: 2, page: 1, limit: 25, totals: { amount_cents: 130_049 } } });
      }),
      http.post('*/donation/expense/add_attachment', async ({ request }) => {
        const body = (await request.json()) as { expense_id: string; file_name: string };
        writes.push({ path: 'add_attachment', body });
        const row = { ...RECEIPT, attachment_id: 'a0000000-0000-4000-8000-000000000003', expense_id: body.expense_id, file_name: body.file_name, file_size: 4, content_type: 'image/png' };
        attachments = [...attachments, row];
        return HttpResponse.json({ data: row }, { status: 201 });
      }),
    );
    const links: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/attachment_download/')) links.push(new URL(request.url).pathname);
    });
    const user = userEvent.setup();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    open();
    const table = await findTable();
    await user.click(within(table).getByRole('button', { name: 'Attach: receipts of the expense to City Parking on 20-02-2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipts: City Parking' });
    const files = await within(dialog).findByRole('table', { name: 'Attached files' });
    await user.upload(within(dialog).getByLabelText('Attach a file'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'parking.png', { type: 'image/png' }));
    const row = await within(files).findByRole('row', { name: /parking\.png/ });
    expect(await within(table).findByRole('button', { name: '1 file: receipts of the expense to City Parking on 20-02-2025' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Download parking.png' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    await user.click(within(row).getByRole('button', { name: 'Download parking.png' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    expect(links).toEqual([`/donation/expense/attachment_download/${CAMPAIGN_A}/a0000000-0000-4000-8000-000000000003`, `/donation/expense/attachment_download/${CAMPAIGN_A}/a0000000-0000-4000-8000-000000000003`]);
    clicked.mockRestore();
    server.events.removeAllListeners();
  });

  it('a saved expense refreshes the list, and each new expense carries its own Idempotency-Key', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post('*/donation/expense/add_expense', async ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        writes.push({ path: 'add_expense', body: await request.json() });
        return HttpResponse.json({ data: null, message_code: 'EXPENSE_ADDED' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    open();
    await findTable();
    const add = async () => {
      const before = queries.length;
      await user.click(screen.getByRole('button', { name: 'Add expense' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
      await user.type(within(dialog).getByLabelText(/Amount/), '12');
      await user.type(within(dialog).getByLabelText(/Payee/), 'Print Shop');
      await user.selectOptions(within(dialog).getByLabelText(/Purpose/), 'parking');
      await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'card');
      await user.click(within(dialog).getByRole('button', { name: 'Add expense' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add expense' })).toBeNull());
      await waitFor(() => expect(queries.length).toBe(before + 1));
    };
    await add();
    await add();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('receipts: readers (expense.read only) list and download, but can neither attach nor delete', async () => {
    const user = userEvent.setup();
    resources = ALL_RESOURCES.filter((r) => r !== 'expense.write');
    open();
    const table = await findTable();
    expect(within(table).getByRole('button', { name: 'None: receipts of the expense to City Parking on 20-02-2025' })).toHaveTextContent('None');
    await user.click(within(table).getByRole('button', { name: '1 file: receipts of the expense to Acme Printing on 04-03-2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipts: Acme Printing' });
    expect(await within(dialog).findByRole('button', { name: 'Download acme-invoice.pdf' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(dialog).queryByLabelText('Attach a file')).toBeNull();
  });
});
