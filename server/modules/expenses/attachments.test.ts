/**
 * Expense attachments (receipts) on a real database, as an API client sees them: the file goes to a
 * signed URL, add_attachment checks it (extension AND content, 50 MB) and records it; list, signed
 * download, delete; deleting the expense removes its files; permissions and tenancy.
 */
import { and, eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../domain/donor-book/api-contract';
import type { ExpenseAttachmentDownloadData, ExpenseAttachmentListData, ExpenseAttachmentRow, ExpenseListData, ExpenseRow } from '../../../domain/donor-book/expenses-contract';
import { EXPENSE_ATTACHMENT_USE, UPLOAD_SIZE_LIMITS } from '../../../domain/file-signature';
import type { PresignedUrlData } from '../../../domain/imports/api-contract';
import { campaignAudit, expenseAttachments } from '../../db/schema';
import { activeUser, get, post } from '../../test/auth-helpers';
import { createCampaign, del, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { localPath } from '../../test/import-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const P = DONOR_BOOK_PATHS;
const MB = 1024 * 1024;

/** Small files with the real first bytes of each accepted type. */
const pad = (head: Buffer, size = 600) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
const tarFile = () => {
  const bytes = Buffer.alloc(1024);
  bytes.write('receipt.txt', 0, 'ascii');
  bytes.write('ustar\u000000', 257, 'ascii');
  return bytes;
};
const SAMPLE_FILES: Record<string, Buffer> = {
  'receipt.pdf': pad(Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n', 'latin1')),
  'photo.png': pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])),
  'scan.JPG': pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0])),
  'scan.jpeg': pad(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 16, 0x45, 0x78, 0x69, 0x66, 0])),
  'anim.gif': pad(Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1')),
  'pic.webp': pad(Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')])),
  'bundle.zip': pad(Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0])),
  'empty.zip': Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]),
  'old.rar': pad(Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00])),
  'new.rar': pad(Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00])),
  'papers.tar': tarFile(),
};
/** A Windows program: "MZ", then the DOS stub. */
const EXE = pad(Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000\u0004\u0000\u0000\u0000\u00ff\u00ff', 'latin1'));

describe('expense attachments API', () => {
  let t: TestApp;
  let campaignA: string;
  let campaignB: string;
  let owner: Session;
  let manager: Session;
  let staff: Session;
  let outsider: Session;

  const addExpense = async (campaignId = campaignA, token = owner.token): Promise<ExpenseRow> => {
    const res = await post(t, P.addExpense, { campaign_id: campaignId, expense_date: '2026-03-15', amount_cents: 4_200, payee: 'Diner', purpose: 'meals', payment_method: 'card' }, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as ExpenseRow;
  };

  const presign = (expenseId: string, fileName: string, size: number, token = owner.token, campaignId = campaignA) =>
    post(t, P.expenseAttachmentPresignedUrl, { campaign_id: campaignId, expense_id: expenseId, file_name: fileName, file_size: size }, token);

  const put = (signed: PresignedUrlData, body: Buffer | Readable) => t.app.inject({ method: 'PUT', url: localPath(signed.url), headers: signed.headers, payload: body });

  /** presign → PUT: the stored key. */
  const upload = async (expenseId: string, fileName: string, bytes: Buffer, token = owner.token, campaignId = campaignA): Promise<string> => {
    const signed = await presign(expenseId, fileName, bytes.length, token, campaignId);
    expect(signed.statusCode, signed.body).toBe(200);
    const data = signed.json().data as PresignedUrlData;
    const stored = await put(data, bytes);
    expect(stored.statusCode, stored.body).toBe(201);
    return data.key;
  };

  const attach = (expenseId: string, key: string, fileName: string, token = owner.token, campaignId = campaignA) =>
    post(t, P.addExpenseAttachment, { campaign_id: campaignId, expense_id: expenseId, file_key: key, file_name: fileName }, token);

  const attachFile = async (expenseId: string, fileName: string, bytes: Buffer, token = owner.token): Promise<ExpenseAttachmentRow> => {
    const res = await attach(expenseId, await upload(expenseId, fileName, bytes, token), fileName, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as ExpenseAttachmentRow;
  };

  const list = async (expenseId: string, token = owner.token): Promise<ExpenseAttachmentListData> => {
    const res = await get(t, donorBookPath(P.listExpenseAttachment, { campaignId: campaignA, expenseId }), token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExpenseAttachmentListData;
  };

  const stored = async (key: string) => (await t.app.privateStorage.stat(key)) !== null;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    campaignA = t.seeded!.demoCampaign!.id;
    owner = await demoSignIn(t, 'owner');
    manager = await demoSignIn(t, 'manager');
    staff = await demoSignIn(t, 'staff');
    outsider = toSession(await activeUser(t, 'attachments-outsider@example.org'));
    campaignB = (await createCampaign(t, outsider.token, { campaign_name: 'Other Campaign' })).campaign_id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('attaches a receipt: listed with name, size, uploader and time; counted on the expense; downloaded through a signed link; audited', async () => {
    const expense = await addExpense();
    const bytes = SAMPLE_FILES['receipt.pdf']!;
    const row = await attachFile(expense.expense_id, 'Diner receipt.pdf', bytes, manager.token);
    expect(row).toEqual({
      attachment_id: expect.any(String),
      expense_id: expense.expense_id,
      file_name: 'Diner receipt.pdf',
      file_size: bytes.length,
      content_type: 'application/pdf',
      uploaded_by: { id: manager.userId, name: expect.any(String) },
      created_at: expect.any(String),
    });
    expect(row.uploaded_by.name).not.toBe('');

    const listed = await list(expense.expense_id, staff.token);
    expect(listed).toEqual({ attachment_list: [row], total: 1, max_attachments: 10 });
    const expenses = await get(t, `${donorBookPath(P.listExpense, { campaignId: campaignA })}?search=Diner`, staff.token);
    expect((expenses.json().data as ExpenseListData).expense_list.find((e) => e.expense_id === expense.expense_id)?.attachment_count).toBe(1);

    const link = await get(t, donorBookPath(P.expenseAttachmentDownload, { campaignId: campaignA, attachmentId: row.attachment_id }), staff.token);
    expect(link.statusCode, link.body).toBe(200);
    const { url, file_name } = link.json().data as ExpenseAttachmentDownloadData;
    expect(file_name).toBe('Diner receipt.pdf');
    const file = await t.app.inject({ method: 'GET', url: localPath(url) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Diner receipt.pdf"');

    const audit = await t.db.select().from(campaignAudit).where(and(eq(campaignAudit.campaignId, campaignA), eq(campaignAudit.action, 'expense.attachment_added')));
    expect(audit.some((entry) => (entry.details as { entity_id?: string }).entity_id === expense.expense_id)).toBe(true);
  });

  it('accepts images, PDF and .zip/.rar/.tar by extension AND content', async () => {
    const expense = await addExpense();
    const types: Record<string, string> = {};
    for (const [name, bytes] of Object.entries(SAMPLE_FILES).slice(0, 10)) types[name] = (await attachFile(expense.expense_id, name, bytes)).content_type;
    expect(types).toEqual({
      'receipt.pdf': 'application/pdf',
      'photo.png': 'image/png',
      'scan.JPG': 'image/jpeg',
      'scan.jpeg': 'image/jpeg',
      'anim.gif': 'image/gif',
      'pic.webp': 'image/webp',
      'bundle.zip': 'application/zip',
      'empty.zip': 'application/zip',
      'old.rar': 'application/vnd.rar',
      'new.rar': 'application/vnd.rar',
    });
    const other = await addExpense();
    expect((await attachFile(other.expense_id, 'papers.tar', SAMPLE_FILES['papers.tar']!)).content_type).toBe('application/x-tar');
  });

  it('refuses other types at presign (415, naming the accepted types), and a renamed program or a PNG named .pdf once stored (415, file deleted)', async () => {
    const expense = await addExpense();
    for (const name of ['setup.exe', 'notes.docx', 'receipt', 'movie.mp4']) {
      const res = await presign(expense.expense_id, name, 100);
      expect([res.statusCode, res.json().code], name).toEqual([415, 'FILE_TYPE_NOT_ALLOWED']);
      expect(res.json().message).toBe('This type of file is not accepted; accepted types: .pdf, .jpg, .jpeg, .png, .webp, .gif, .zip, .rar, .tar');
    }

    for (const [name, bytes] of [['invoice.pdf', EXE], ['invoice2.pdf', SAMPLE_FILES['photo.png']!], ['photo.png', SAMPLE_FILES['receipt.pdf']!], ['bundle.zip', EXE]] as const) {
      const key = await upload(expense.expense_id, name, bytes);
      const res = await attach(expense.expense_id, key, name);
      expect([res.statusCode, res.json().code], name).toEqual([415, 'FILE_CONTENT_MISMATCH']);
      expect(res.json().message).toContain('accepted types: .pdf');
      expect(await stored(key), name).toBe(false);
    }
    // The shown name must keep the uploaded file's extension.
    const key = await upload(expense.expense_id, 'receipt.pdf', SAMPLE_FILES['receipt.pdf']!);
    const renamed = await attach(expense.expense_id, key, 'receipt.exe');
    expect([renamed.statusCode, renamed.json().code]).toEqual([415, 'FILE_TYPE_NOT_ALLOWED']);
    expect((await list(expense.expense_id)).total).toBe(0);
    // An empty file.
    expect((await presign(expense.expense_id, 'empty.pdf', 0)).json().code).toBe('FILE_EMPTY');
  });

  it('50 MB: the limit by default; a larger declared size is 413 FILE_TOO_LARGE; a body past the declared size stops at the limit and nothing is kept', async () => {
    expect(EXPENSE_ATTACHMENT_USE.maxBytes).toBe(50 * MB);
    expect(UPLOAD_SIZE_LIMITS).toEqual({ video: 500 * MB, attachment: 50 * MB, preview: 500 * MB, image: 5 * MB });
    const expense = await addExpense();
    const over = await presign(expense.expense_id, 'big.pdf', 50 * MB + 1);
    expect([over.statusCode, over.json()]).toEqual([413, { code: 'FILE_TOO_LARGE', message: 'The file is larger than 50 MB', details: { max: '50 MB', max_bytes: 50 * MB } }]);

    // Exactly 50 MB is signed; the browser then sends more than it said: streamed, cut off past 50 MB.
    const signed = await presign(expense.expense_id, 'big.pdf', 50 * MB);
    expect(signed.statusCode, signed.body).toBe(200);
    const data = signed.json().data as PresignedUrlData;
    expect(data.max_bytes).toBe(50 * MB);
    // A body of up to 200 MB, made lazily (never in memory): how far it is read says where it stopped.
    let pulled = 0;
    async function* chunks() {
      yield Buffer.from('%PDF-1.7\n');
      const megabyte = Buffer.alloc(MB, 0x20);
      for (; pulled < 200; pulled++) yield megabyte;
    }
    // No Content-Length: the storage counts as it streams and fails past 50 MB (413). A real server
    // then drops the connection of such a chunked body; in-process, inject() rejects with that 413.
    const status = await put(data, Readable.from(chunks())).then(
      (res) => res.statusCode,
      (error: unknown) => (error as { status?: number }).status,
    );
    expect(status).toBe(413);
    expect(pulled).toBeLessThan(60);
    expect(await stored(data.key)).toBe(false);
    // A declared length over the signed size is refused before a byte is read.
    const small = (await presign(expense.expense_id, 'small.pdf', 10)).json().data as PresignedUrlData;
    expect((await put(small, Buffer.from('%PDF-1.7 and more'))).statusCode).toBe(413);
    expect(await stored(small.key)).toBe(false);
    const claim = await attach(expense.expense_id, data.key, 'big.pdf');
    expect([claim.statusCode, claim.json().code]).toEqual([404, 'UPLOAD_FILE_MISSING']);
  }, 60_000);

  it('at most 10 files per expense (409 ATTACHMENT_LIMIT_REACHED)', async () => {
    const expense = await addExpense();
    const keys: string[] = [];
    for (let i = 0; i < 11; i++) keys.push(await upload(expense.expense_id, `r${i}.pdf`, SAMPLE_FILES['receipt.pdf']!));
    for (let i = 0; i < 10; i++) expect((await attach(expense.expense_id, keys[i]!, `r${i}.pdf`)).statusCode).toBe(201);
    const eleventh = await attach(expense.expense_id, keys[10]!, 'r10.pdf');
    expect([eleventh.statusCode, eleventh.json().code, eleventh.json().message]).toEqual([409, 'ATTACHMENT_LIMIT_REACHED', 'An expense can have at most 10 attachments; delete one first']);
    expect(await stored(keys[10]!)).toBe(false);
    expect((await presign(expense.expense_id, 'r11.pdf', 100)).json().code).toBe('ATTACHMENT_LIMIT_REACHED');
    // The same key twice is one attachment.
    expect((await attach(expense.expense_id, keys[0]!, 'again.pdf')).statusCode).toBe(409);
  });

  it('deletes an attachment (row and file; a second delete is 404); staff may list and download but not attach or delete', async () => {
    const expense = await addExpense();
    const row = await attachFile(expense.expense_id, 'receipt.pdf', SAMPLE_FILES['receipt.pdf']!);
    const [{ fileKey }] = await t.db.select().from(expenseAttachments).where(eq(expenseAttachments.id, row.attachment_id));

    expect((await presign(expense.expense_id, 'x.pdf', 10, staff.token)).statusCode).toBe(403);
    expect((await attach(expense.expense_id, fileKey, 'x.pdf', staff.token)).statusCode).toBe(403);
    const path = donorBookPath(P.deleteExpenseAttachment, { campaignId: campaignA, attachmentId: row.attachment_id });
    expect([(await del(t, path, staff.token)).statusCode]).toEqual([403]);
    expect((await list(expense.expense_id, staff.token)).total).toBe(1);

    const gone = await del(t, path, owner.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().data).toEqual({ attachment_id: row.attachment_id, expense_id: expense.expense_id });
    expect(await stored(fileKey)).toBe(false);
    expect((await list(expense.expense_id)).total).toBe(0);
    expect((await del(t, path, owner.token)).json().code).toBe('ATTACHMENT_NOT_FOUND');
    const link = await get(t, donorBookPath(P.expenseAttachmentDownload, { campaignId: campaignA, attachmentId: row.attachment_id }), owner.token);
    expect([link.statusCode, link.json().code]).toEqual([404, 'ATTACHMENT_NOT_FOUND']);
  });

  it('deleting the expense removes its attachments (rows and stored files)', async () => {
    const expense = await addExpense();
    await attachFile(expense.expense_id, 'a.pdf', SAMPLE_FILES['receipt.pdf']!);
    await attachFile(expense.expense_id, 'b.png', SAMPLE_FILES['photo.png']!);
    const rows = await t.db.select().from(expenseAttachments).where(eq(expenseAttachments.expenseId, expense.expense_id));
    expect(rows).toHaveLength(2);
    const res = await del(t, donorBookPath(P.deleteExpense, { campaignId: campaignA, expenseId: expense.expense_id }), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(expenseAttachments).where(eq(expenseAttachments.expenseId, expense.expense_id))).toHaveLength(0);
    for (const row of rows) expect(await stored(row.fileKey)).toBe(false);
    // A file uploaded for it but attached after it is gone: refused, and not kept.
    const other = await addExpense();
    const key = await upload(other.expense_id, 'late.pdf', SAMPLE_FILES['receipt.pdf']!);
    await del(t, donorBookPath(P.deleteExpense, { campaignId: campaignA, expenseId: other.expense_id }), owner.token);
    const late = await attach(other.expense_id, key, 'late.pdf');
    expect([late.statusCode, late.json().code]).toEqual([404, 'EXPENSE_NOT_FOUND']);
    expect(await stored(key)).toBe(false);
  });

  it("tenancy: another campaign's member reaches neither A's attachments nor A's files, through A's id or its own", async () => {
    const expense = await addExpense();
    const row = await attachFile(expense.expense_id, 'receipt.pdf', SAMPLE_FILES['receipt.pdf']!);
    const [{ fileKey }] = await t.db.select().from(expenseAttachments).where(eq(expenseAttachments.id, row.attachment_id));

    // Through campaign A: not a member.
    const listA = await get(t, donorBookPath(P.listExpenseAttachment, { campaignId: campaignA, expenseId: expense.expense_id }), outsider.token);
    expect([listA.statusCode, listA.json().message]).toEqual([404, 'Campaign not found']);
    // Through its own campaign B: A's ids and key are unknown there.
    const listB = await get(t, donorBookPath(P.listExpenseAttachment, { campaignId: campaignB, expenseId: expense.expense_id }), outsider.token);
    expect([listB.statusCode, listB.json().code]).toEqual([404, 'EXPENSE_NOT_FOUND']);
    const linkB = await get(t, donorBookPath(P.expenseAttachmentDownload, { campaignId: campaignB, attachmentId: row.attachment_id }), outsider.token);
    expect([linkB.statusCode, linkB.json().code]).toEqual([404, 'ATTACHMENT_NOT_FOUND']);
    const deleteB = await del(t, donorBookPath(P.deleteExpenseAttachment, { campaignId: campaignB, attachmentId: row.attachment_id }), outsider.token);
    expect([deleteB.statusCode, deleteB.json().code]).toEqual([404, 'ATTACHMENT_NOT_FOUND']);
    const expenseB = await addExpense(campaignB, outsider.token);
    const claimB = await attach(expenseB.expense_id, fileKey, 'stolen.pdf', outsider.token, campaignB);
    expect([claimB.statusCode, claimB.json().code]).toEqual([404, 'UPLOAD_FILE_MISSING']);
    // A's expense through B's presign.
    expect((await presign(expense.expense_id, 'x.pdf', 10, outsider.token, campaignB)).json().code).toBe('EXPENSE_NOT_FOUND');
    // A key of another area (a bulk import file) is not an attachment.
    const importKey = fileKey.replace('/expense-attachments/', '/imports/');
    expect((await attach(expense.expense_id, importKey, 'receipt.pdf')).json().code).toBe('UPLOAD_FILE_MISSING');
    expect(await stored(fileKey)).toBe(true);
    expect((await list(expense.expense_id)).total).toBe(1);
  });
});
