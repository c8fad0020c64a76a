/**
 * `npm run restore -- <backup folder> [--force]`: restores a backup made by `npm run backup` into the app's
 * database (server/db/backup-archive.ts). Stop every server first. Refuses a backup of another migration
 * level, a damaged backup, a database in use, and (without --force) a database that holds data.
 * Prints one line; exits 1 with a one-line reason on failure.
 */
import path from 'node:path';
import { ConfigError, getConfig } from '../server/config';
import { BackupError, restoreDatabase } from '../server/db/backup-archive';
import { openBackupTarget } from '../server/db/backup-target';
import { DataFolderLockedError } from '../server/db/data-lock';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const folders = args.filter((arg) => !arg.startsWith('-'));
  if (folders.length !== 1 || args.some((arg) => arg.startsWith('-') && arg !== '--force')) {
    console.log('Usage: npm run restore -- <backup folder> [--force]   (--force: replace a database that holds data)');
    process.exit(args.includes('--help') || args.includes('-h') ? 0 : 1);
  }
  const dir = path.resolve(folders[0]!);
  const config = getConfig();
  const target = await openBackupTarget(config, 'restore');
  try {
    const { manifest, rows, seconds } = await restoreDatabase(target.url, dir, { force });
    console.log(
      `Restored ${dir} (taken ${manifest.created_at}) into ${target.label}: ${manifest.tables.length} tables, ${rows} rows, ` +
        `${manifest.sequences.length} sequences, in ${seconds.toFixed(2)} s. Start the server as usual.`,
    );
  } finally {
    await target.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataFolderLockedError;
    console.error(known ? (error as Error).message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
