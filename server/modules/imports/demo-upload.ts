/**
 * The demo's bulk upload (npm start with the demo seed): one donor file imported into the demo
 * campaign through the real path (private storage, validation, import, error report), with a few
 * rows rejected, so a newcomer sees /bulk-history, its counts and its error report at once. Runs
 * once: nothing happens when the campaign already has an upload.
 */
import type { FastifyInstance } from 'fastify';
import { templateColumnNames } from '../../../domain/imports/templates';
import { privateFileKey } from '../storage/private-storage';
import { runUpload } from './upload-job';
import { countUploads, insertUpload, moveUpload } from './upload-repository';

export const DEMO_UPLOAD_FILE_NAME = 'spring-house-party-donors.csv';

const ROWS = [
  ['Harriet Okafor', '(718) 555-0131', 'harriet.okafor@example.org', 'Individual Contributor', 'Brooklyn Library', 'Librarian', 'New York', '11201', 'Brooklyn', '', '12 Court Street', '', '2029-03-02', '$250.00', 'Undetermined', ''],
  ['Tomás Ibarra', '(917) 555-0178', 'tomas.ibarra@example.org', 'Individual', 'Ibarra & Sons', 'Owner', 'NY', '10027', 'New York', '3F', '410 West 125th Street', '', '2029-03-02', '400', '', ''],
  ["Siobhan O'Neill", '', 'siobhan.oneill@example.org', 'Individual Contributor', '', 'Nurse', 'New York', '10463', 'Bronx', '', '', '', '', '', '', ''],
  ['Wen Li', '347-555-0190', 'wen.li@example.org', 'Individual Contributor', 'City College', 'Professor', 'New York', '10031', 'New York', '', '', '', '2029-03-05', '$1,000.00', '', ''],
  ['Marcus Bell', '(646) 555-0112', 'not-an-email', 'Individual Contributor', '', '', 'New York', '10025', 'New York', '', '', '', '', '', '', ''],
  ['Big Promise Holdings', '', 'pledges@bigpromise.example.com', 'Individual Contributor', '', '', 'New York', '10001', 'New York', '', '', '', '2029-03-05', '$9,500.00', '', ''],
  ['Harriet Okafor', '(718) 555-0131', 'harriet.okafor@example.org', 'Individual Contributor', '', '', 'New York', '11201', 'Brooklyn', '', '', '', '', '', '', ''],
];

function demoCsv(): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `\uFEFF${[templateColumnNames('donor'), ...ROWS].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}

export async function seedDemoUpload(app: FastifyInstance, options: { campaignId: string; ownerId: string }): Promise<void> {
  if ((await countUploads(app.db, options.campaignId)) > 0) return;
  const body = Buffer.from(demoCsv(), 'utf8');
  const key = privateFileKey(options.campaignId, 'imports', 'csv');
  await app.privateStorage.save(key, body, { contentType: 'text/csv', maxBytes: body.length });
  const now = app.clock.now();
  const headers = [...templateColumnNames('donor')];
  const upload = await insertUpload(app.db, {
    campaignId: options.campaignId,
    type: 'donor',
    fileKey: key,
    fileName: DEMO_UPLOAD_FILE_NAME,
    fileSize: body.length,
    status: 'validating',
    mapping: Object.fromEntries(headers.map((h) => [h, h])),
    options: {},
    headers,
    createdBy: options.ownerId,
    createdAt: now,
    updatedAt: now,
  });
  await runUpload(app, upload.id, 1);
  await moveUpload(app.db, upload.id, ['ready'], { status: 'importing' }, app.clock.now());
  await runUpload(app, upload.id, 1);
}
