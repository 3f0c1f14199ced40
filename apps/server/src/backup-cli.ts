// `npm run backup -- <file>` and `npm run restore -- <file> [--force]`: a backup of the database the
// server is configured with (DATABASE_URL, else the embedded one in DATA_DIR) and its restore.
import { loadConfig } from './platform/config.js';
import { BackupError, backupDatabase, restoreDatabase } from './backup.js';

const USAGE = 'usage: backup <file> | restore <file> [--force]';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const file = files[0]!;
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const what = target.databaseUrl
    ? 'the PostgreSQL database (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  try {
    if (command === 'backup') {
      await backupDatabase(target, file);
      console.log(`backed up ${what} to ${file}`);
    } else {
      const { keptAside } = await restoreDatabase(target, file, { force });
      console.log(
        `restored ${what} from ${file}${keptAside ? `; the database it replaced is kept in ${keptAside}` : ''}`,
      );
    }
    return 0;
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : error);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
