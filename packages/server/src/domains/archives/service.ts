import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportContestArchiveReq } from '@taikai/protocol';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AuthedCtx } from '../../context';
import { managedContest } from '../contests/access';
import { writeArchive } from './export';

/**
 * `export_contest_archive`: the whole tournament as one zip (creator and admins: it holds the history). The
 * archive is built in a temporary file first, so that its exact length goes out before its first byte and a
 * browser can show the download's progress; the file is removed once sent (or the download given up).
 */
export async function sendArchive(
  ctx: AuthedCtx,
  req: z.infer<typeof ExportContestArchiveReq>,
  reply: FastifyReply,
): Promise<void> {
  const { row } = await managedContest(ctx.db, ctx, req.unique_id, 'exportArchive');
  const dir = await mkdtemp(join(tmpdir(), 'taikai-archive-'));
  const removeDir = () => rm(dir, { recursive: true, force: true }).catch(() => {});
  try {
    const file = join(dir, 'archive.zip');
    await writeArchive(ctx.db, row.uniqueId, file, ctx.now);
    const { size } = await stat(file);
    const day = new Date(ctx.now * 1000).toISOString().slice(0, 10);
    const stream = createReadStream(file);
    stream.once('close', removeDir);
    reply
      .header('content-type', 'application/zip')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="taikai-${row.contestId}-${day}.zip"`)
      .header('cache-control', 'no-store');
    await reply.send(stream);
  } catch (err) {
    await removeDir();
    throw err;
  }
}
