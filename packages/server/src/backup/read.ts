import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupHeader,
  EndLine,
  knownMigrations,
  type SchemaVersion,
  TableLine,
} from './format';

/** A backup file this program cannot restore: damaged, truncated, of another format, or of a newer schema. */
export class BackupRefused extends Error {}

/** A batch of rows of one table, each row the JSON text the backup holds. */
export type RowBatch = { table: string; columns: string[]; rows: string[] };

/** Rows and bytes handed over at once by `readBatches`. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 1024 * 1024;

function parseLine(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupRefused(`the backup file is damaged: ${what} is not JSON`);
  }
}

/**
 * Reads the file line by line and hands batches of rows to `onBatch` (when given), in the file's order; checks
 * every line against the header and the closing checksum. Throws `BackupRefused` for a file that is not a whole,
 * unaltered backup: when `onBatch` is given, some batches may have been handed over before (a restore runs them
 * in a transaction that the error rolls back; `verifyBackup` reads the whole file first).
 */
export async function readBatches(
  file: string,
  onBatch?: (batch: RowBatch) => Promise<void>,
): Promise<BackupHeader> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  let streamError: Error | null = null;
  source.on('error', (err) => {
    streamError = err;
    gunzip.destroy(err);
  });
  source.pipe(gunzip);
  const lines = createInterface({ input: gunzip, crlfDelay: Number.POSITIVE_INFINITY });
  const hash = createHash('sha256');
  let header: BackupHeader | null = null;
  let table: { name: string; columns: string[]; left: number } | null = null;
  let tableIndex = 0;
  let batch: string[] = [];
  let batchBytes = 0;
  let ended = false;
  const flush = async () => {
    if (batch.length > 0 && table && onBatch)
      await onBatch({ table: table.name, columns: table.columns, rows: batch });
    batch = [];
    batchBytes = 0;
  };
  try {
    for await (const line of lines) {
      if (ended) throw new BackupRefused('the backup file is damaged: lines after its checksum');
      if (!header) {
        const raw = parseLine(line, 'its header') as { format?: unknown; version?: unknown };
        if (raw?.format !== BACKUP_FORMAT) throw new BackupRefused('this is not a taikai backup file');
        if (raw.version !== BACKUP_FORMAT_VERSION) {
          throw new BackupRefused(
            `the backup file has format version ${raw.version}; this program reads version ${BACKUP_FORMAT_VERSION}`,
          );
        }
        const parsed = BackupHeader.safeParse(raw);
        if (!parsed.success) throw new BackupRefused('the backup file is damaged: its header is incomplete');
        header = parsed.data;
        hash.update(`${line}\n`);
        continue;
      }
      if (table && table.left > 0) {
        hash.update(`${line}\n`);
        batch.push(line);
        batchBytes += line.length;
        table.left -= 1;
        if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
        continue;
      }
      await flush();
      const next = TableLine.safeParse(parseLine(line, 'a table line'));
      if (next.success) {
        const expected = header.tables[tableIndex];
        if (!expected || expected.name !== next.data.table || expected.rows !== next.data.rows) {
          throw new BackupRefused('the backup file is damaged: its tables do not match its header');
        }
        hash.update(`${line}\n`);
        table = { name: expected.name, columns: expected.columns, left: expected.rows };
        tableIndex += 1;
        continue;
      }
      const end = EndLine.safeParse(parseLine(line, 'its last line'));
      if (!end.success || tableIndex !== header.tables.length) {
        throw new BackupRefused('the backup file is damaged: unexpected line');
      }
      if (end.data.sha256 !== hash.digest('hex')) {
        throw new BackupRefused('the backup file is damaged: its checksum does not match its content');
      }
      ended = true;
    }
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    if (streamError && (streamError as NodeJS.ErrnoException).code) throw streamError;
    throw new BackupRefused(`the backup file is damaged or truncated (${(err as Error).message})`);
  } finally {
    lines.close();
    source.destroy();
  }
  if (!header) throw new BackupRefused('the backup file is empty');
  if (!ended) throw new BackupRefused('the backup file is truncated: its checksum line is missing');
  return header;
}

/**
 * Reads the whole file and answers its header, or throws `BackupRefused`: damaged or truncated, another format,
 * or a schema this program does not know (made by a newer version).
 */
export async function verifyBackup(file: string): Promise<{ header: BackupHeader; schema: SchemaVersion }> {
  const header = await readBatches(file);
  const known = knownMigrations();
  const schema = known.find((m) => m.tag === header.schema.tag && m.when === header.schema.when);
  if (!schema) {
    const latest = known.at(-1)!;
    throw new BackupRefused(
      header.schema.when > latest.when
        ? `the backup has schema ${header.schema.tag}, newer than this program knows (${latest.tag}): restore it with a newer version`
        : `the backup has schema ${header.schema.tag}, which this program does not know`,
    );
  }
  return { header, schema };
}
