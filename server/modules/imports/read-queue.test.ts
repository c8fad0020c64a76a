/**
 * Files read at once, and the temporary copies: previews and validations wait for one of the
 * process's READ_SLOTS (read-slots.ts) and say so; past PREVIEW_MAX_WAITING waiting, a preview is
 * refused with 429 (try again) rather than queued. The copies of uploaded files live in DATA_DIR/tmp/imports,
 * are removed when the work ends, and what a dead process left is swept at start.
 */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PATHS, type UploadRow } from '../../../domain/imports/api-contract';
import { post } from '../../test/auth-helpers';
import { setUpBook, type DonorBook } from '../../test/donor-book-helpers';
import { detail, sendFile } from '../../test/import-helpers';
import { READ_SLOTS, readSlotUse, takeReadSlot } from './read-slots';
import { HOST, importTempRoot, sweepImportTemp } from './upload-file';
import { PREVIEW_MAX_WAITING } from './upload-service';
import { UPLOAD_QUEUED_MESSAGE } from './validate-upload';

const CSV = 'name,donor_email,contributor_type\r\nAnn Lee,ann@example.org,Individual\r\n';
const MAPPING = { name: 'name', donor_email: 'donor_email', contributor_type: 'contributor_type' };

let b: DonorBook;
let dataDir: string;

/** Until `check` holds (the job runs after the answer, on its own). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The files left in this process's own temporary folders. */
async function ownCopies(): Promise<string[]> {
  const root = importTempRoot(dataDir);
  const mine = (await readdir(root).catch(() => [] as string[])).filter((name) => name.startsWith(`${HOST}-${process.pid}-`));
  return (await Promise.all(mine.map((name) => readdir(join(root, name))))).flat();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cdt-read-queue-'));
  b = await setUpBook('read-queue-outsider@example.org', undefined, { dataDir });
});
afterAll(async () => {
  await b.t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('files read at once', () => {
  it('with every read slot taken, a validation waits and its upload says it is queued; previews queue behind it, up to a limit, then 429; all finish once slots free', async () => {
    const { t, owner, campaignId } = b;
    const held = await Promise.all(Array.from({ length: READ_SLOTS }, () => takeReadSlot()));
    try {
      const key = await sendFile(t, owner.token, campaignId, 'donors.csv', CSV);
      const created = await post(t, UPLOAD_PATHS.bulkUpload, { campaign_id: campaignId, type: 'donor', file_key: key, file_name: 'donors.csv', mapping: MAPPING }, owner.token);
      expect(created.statusCode, created.body).toBe(201);
      const uploadId = (created.json().data as UploadRow).id;
      await until(() => readSlotUse().waiting === 1);
      let waiting = await detail(t, owner.token, campaignId, uploadId);
      for (let i = 0; waiting.message !== UPLOAD_QUEUED_MESSAGE && i < 100; i++) waiting = await detail(t, owner.token, campaignId, uploadId);
      expect(waiting).toMatchObject({ status: 'validating', message: UPLOAD_QUEUED_MESSAGE });

      const previewBody = { campaign_id: campaignId, type: 'donor', file_key: key, file_name: 'donors.csv' };
      const queued = Array.from({ length: PREVIEW_MAX_WAITING - 1 }, () => post(t, UPLOAD_PATHS.preview, previewBody, owner.token));
      await until(() => readSlotUse().waiting === PREVIEW_MAX_WAITING);
      const refused = await post(t, UPLOAD_PATHS.preview, previewBody, owner.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'IMPORT_READERS_BUSY', message: 'Too many files are being read right now; try again in a minute', details: { retry_after: 30 } });

      for (const free of held) free();
      for (const answer of await Promise.all(queued)) expect(answer.statusCode, answer.body).toBe(200);
      await t.app.jobs.settled();
      expect(await detail(t, owner.token, campaignId, uploadId)).toMatchObject({ status: 'ready', message: null, counts: { valid: 1 } });
      expect(readSlotUse()).toEqual({ running: 0, waiting: 0 });
    } finally {
      for (const free of held) free();
    }
  });
  it('an upload cancelled while queued stays cancelled with its message once its turn comes', async () => {
    const { t, owner, campaignId } = b;
    const held = await Promise.all(Array.from({ length: READ_SLOTS }, () => takeReadSlot()));
    let uploadId: string;
    try {
      const key = await sendFile(t, owner.token, campaignId, 'donors.csv', CSV);
      const created = await post(t, UPLOAD_PATHS.bulkUpload, { campaign_id: campaignId, type: 'donor', file_key: key, file_name: 'donors.csv', mapping: MAPPING }, owner.token);
      uploadId = (created.json().data as UploadRow).id;
      await until(() => readSlotUse().waiting === 1);
      let waiting = await detail(t, owner.token, campaignId, uploadId);
      for (let i = 0; waiting.message !== UPLOAD_QUEUED_MESSAGE && i < 100; i++) waiting = await detail(t, owner.token, campaignId, uploadId);
      const cancel = await post(t, UPLOAD_PATHS.action, { campaign_id: campaignId, upload_id: uploadId, action: 'cancel' }, owner.token);
      expect(cancel.statusCode, cancel.body).toBe(200);
    } finally {
      for (const free of held) free();
    }
    await t.app.jobs.settled();
    expect(await detail(t, owner.token, campaignId, uploadId)).toMatchObject({ status: 'cancelled', message: expect.stringMatching(/^Cancelled by /) });
  });
});

describe('temporary copies', () => {
  it('live in DATA_DIR/tmp/imports and are gone once a preview or a validation ends, read or refused', async () => {
    const { t, owner, campaignId } = b;
    const good = await sendFile(t, owner.token, campaignId, 'donors.csv', CSV);
    const bad = await sendFile(t, owner.token, campaignId, 'bad.xlsx', Buffer.from('PK\u0003\u0004 not a zip'));
    expect((await post(t, UPLOAD_PATHS.preview, { campaign_id: campaignId, type: 'donor', file_key: good, file_name: 'donors.csv' }, owner.token)).statusCode).toBe(200);
    expect((await post(t, UPLOAD_PATHS.preview, { campaign_id: campaignId, type: 'donor', file_key: bad, file_name: 'bad.xlsx' }, owner.token)).statusCode).toBe(422);
    for (const [key, name] of [
      [good, 'donors.csv'],
      [bad, 'bad.xlsx'],
    ] as const) {
      const res = await post(t, UPLOAD_PATHS.bulkUpload, { campaign_id: campaignId, type: 'donor', file_key: key, file_name: name, mapping: MAPPING }, owner.token);
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.jobs.settled();
    const folders = await readdir(importTempRoot(dataDir));
    expect(folders).toHaveLength(1);
    expect(folders[0]!.startsWith(`${HOST}-${process.pid}-`)).toBe(true);
    expect(await ownCopies()).toEqual([]);
  });

  it('at start, what dead processes left is swept; the folders of live ones, and recent ones of other machines, are kept', async () => {
    const root = importTempRoot(dataDir);
    const left = async (name: string) => {
      await mkdir(join(root, name, 'a1b2'), { recursive: true });
      await writeFile(join(root, name, 'a1b2', 'file.xlsx'), 'x'.repeat(1024));
    };
    // This machine: a pid that cannot run (past Linux's largest), this pid from an earlier start, a live process.
    await left(`${HOST}-99999999-0badc0de`);
    await left(`${HOST}-${process.pid}-0badc0de`);
    await left(`${HOST}-${process.ppid}-abcdef12`);
    // Another machine sharing DATA_DIR: one busy now, one untouched for two days; and a stray file.
    await left('other.host-4242-12345678');
    await left('other.host-4343-12345678');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(join(root, 'other.host-4343-12345678'), twoDaysAgo, twoDaysAgo);
    await writeFile(join(root, 'stray.tmp'), 'x');
    const removed = await sweepImportTemp(dataDir);
    expect(removed.sort()).toEqual([`${HOST}-99999999-0badc0de`, `${HOST}-${process.pid}-0badc0de`, 'other.host-4343-12345678', 'stray.tmp'].sort());
    expect(await readdir(root)).toEqual(expect.arrayContaining([`${HOST}-${process.ppid}-abcdef12`, 'other.host-4242-12345678']));
    await rm(join(root, `${HOST}-${process.ppid}-abcdef12`), { recursive: true });
    await rm(join(root, 'other.host-4242-12345678'), { recursive: true });
  });
});
