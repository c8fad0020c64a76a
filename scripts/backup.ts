/**
 * `npm run backup [-- <folder>]`: a consistent snapshot of the app's database (server/db/backup-archive.ts)
 * into <folder>, by default BACKUP_DIR/cdt-backup-<UTC time>. Works while the server runs (docs/operations.md). Prints one line; exits 1 with a one-line reason on failure.
 */
import path from 'node:path';
import { ConfigError, getConfig } from '../server/config';
import { backupDatabase, BackupError } from '../server/db/backup-archive';
import { openBackupTarget } from '../server/db/backup-target';
import { DataFolderLockedError } from '../server/db/data-lock';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.some((arg) => arg === '--help' || arg === '-h') || args.length > 1) {
    console.log('Usage: npm run backup [-- <folder>]   (default: BACKUP_DIR/cdt-backup-<time>)');
    process.exit(args.length > 1 ? 1 : 0);
  }
  const config = getConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.resolve(args[0] ?? path.join(config.backupDir, `cdt-backup-${stamp}`));
  const target = await openBackupTarget(config, 'backup');
  try {
    const { manifest, bytes, seconds } = await backupDatabase(target.url, dir, { appVersion: config.version });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backup of ${target.label} written to ${dir}: ${manifest.tables.length} tables, ${rows} rows, ${megabytes(bytes)}, ` +
        `migration level ${manifest.migrations.at(-1)?.tag ?? '?'}, in ${seconds.toFixed(2)} s.`,
    );
  } finally {
    await target.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataFolderLockedError;
    console.error(known ? (error as Error).message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
