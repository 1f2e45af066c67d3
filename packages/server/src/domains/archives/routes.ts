import { ExportContestArchiveReq } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as archives from './service';

/** A tournament's archive, downloaded whole (imported on another server by the operator: `archive import`). */
export function archiveRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'export_contest_archive', {
    auth: 'account',
    policy: 'exportArchive',
    query: ExportContestArchiveReq,
    // The answer is the zip itself, not a JSON body.
    stream: true,
    // Building an archive reads the whole tournament: a few per minute and address are plenty.
    rateLimit: { max: 20, timeWindow: 60_000 },
    handler: (ctx, query, reply) => archives.sendArchive(ctx, query, reply),
  });
}
