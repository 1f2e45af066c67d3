import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(pid: number, file: 'stat' | 'cmdline'): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or '' where there is
 * no /proc. A pid names the same process only while this stays the same: pids are reused.
 */
function startTimeOf(pid: number): string {
  const stat = readProc(pid, 'stat');
  if (!stat) return '';
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

/**
 * Whether the process a lock file names still holds it. The file says `<pid> <start time>`: the holder is
 * the live process with that pid and that start time. A file with a pid alone (written before start times
 * were recorded) is held by a live Node process with that pid. Without /proc, a live pid holds it.
 */
function holds(pid: number, startTime: string | undefined): boolean {
  if (!pid || pid === process.pid || !alive(pid)) return false;
  if (startTime) {
    const now = startTimeOf(pid);
    return now === '' || now === startTime;
  }
  const cmdline = readProc(pid, 'cmdline');
  if (cmdline === undefined) return true;
  return /node/i.test(basename(cmdline.split('\0')[0] ?? ''));
}

/**
 * The embedded database may be opened by one process at a time: a second one (a CLI command while the server
 * runs) would corrupt it. Takes `<dir>/taikai.pid` (this process's pid and start time), or refuses while the
 * process it names holds it; a file left by a process that ended, even when its pid was since given to
 * another process, is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'taikai.pid');
  const own = `${process.pid} ${startTimeOf(process.pid)}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, own, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(/\s+/);
      const holder = Number(pidText);
      if (holds(holder, startTime)) {
        throw new Error(
          `the embedded database in ${dir} is in use by process ${holder}; stop it first (or use DATABASE_URL)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}
