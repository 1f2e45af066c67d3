import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import archiver from 'archiver';
import { Open } from 'unzipper';

/** A zip written entry by entry to a file, each entry compressed while the next one is prepared. */
export class ZipWriter {
  private readonly zip = archiver('zip', { zlib: { level: 6 } });
  private readonly out;
  private readonly done: Promise<unknown>;
  private failed: unknown = null;

  constructor(path: string) {
    this.out = createWriteStream(path);
    this.zip.on('error', (err: unknown) => {
      this.failed = err;
    });
    this.zip.pipe(this.out);
    this.done = once(this.out, 'close');
  }

  /** Adds one file and waits until it is compressed, so a large archive is never held in memory. */
  async add(name: string, content: Buffer, date: Date): Promise<void> {
    if (this.failed) throw this.failed;
    const written = once(this.zip, 'entry');
    this.zip.append(content, { name, date });
    await written;
  }

  /** Writes the central directory and closes the file. */
  async close(): Promise<void> {
    await this.zip.finalize();
    await this.done;
    if (this.failed) throw this.failed;
  }
}

/** The files of a zip by name; a name listed twice, or a folder entry, is left to the caller's checks. */
export async function readZip(path: string, maxBytes: number): Promise<Map<string, Buffer>> {
  const dir = await Open.file(path);
  const files = dir.files.filter((f) => f.type === 'File');
  const total = files.reduce((sum, f) => sum + f.uncompressedSize, 0);
  if (total > maxBytes) throw new Error(`the archive unpacks to more than ${maxBytes} bytes`);
  const out = new Map<string, Buffer>();
  for (const f of files) {
    if (out.has(f.path)) throw new Error(`the archive holds ${f.path} twice`);
    out.set(f.path, await f.buffer());
  }
  return out;
}
