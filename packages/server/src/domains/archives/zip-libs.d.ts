// The parts of archiver (writes zips as a stream) and unzipper (reads a zip's entries one by one) that
// archives use; neither ships its own types.

declare module 'archiver' {
  import type { Transform } from 'node:stream';

  interface Archiver extends Transform {
    append(source: Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    pointer(): number;
  }
  function archiver(format: 'zip', options?: { zlib?: { level?: number } }): Archiver;
  export default archiver;
}

declare module 'unzipper' {
  type Entry = {
    path: string;
    type: 'File' | 'Directory';
    uncompressedSize: number;
    buffer(): Promise<Buffer>;
  };
  export const Open: { file(path: string): Promise<{ files: Entry[] }> };
}
