import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Gauge, type Registry } from 'prom-client';

/** The files of a backup (`taikai backup` and the scheduled backups write them). */
const BACKUP_FILE = /\.taikai-backup$/;

/** The modification time (ms) of the newest backup in `dir`; undefined when there is none (or no folder). */
export async function newestBackupMs(dir: string): Promise<number | undefined> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return undefined;
  }
  let newest: number | undefined;
  for (const name of names.filter((n) => BACKUP_FILE.test(n))) {
    const mtime = await stat(join(dir, name)).then(
      (s) => (s.isFile() ? s.mtimeMs : undefined),
      () => undefined,
    );
    if (mtime !== undefined && (newest === undefined || mtime > newest)) newest = mtime;
  }
  return newest;
}

/** Seconds since the newest backup in the backup folder was written; NaN while there is none. */
export function backupMetrics(dir: string, registry: Registry): void {
  new Gauge({
    name: 'taikai_backup_age_seconds',
    help: 'Seconds since the newest *.taikai-backup file in the backup folder was written (NaN: none)',
    registers: [registry],
    async collect() {
      const newest = await newestBackupMs(dir);
      this.set(newest === undefined ? Number.NaN : Math.max(0, (Date.now() - newest) / 1000));
    },
  });
}
