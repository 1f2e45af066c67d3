import { AddContestAdminReq, RemoveContestAdminReq } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as admins from './service';

/** The tournament's admins: added and removed by its creator. */
export function adminRoutes(app: FastifyInstance): void {
  route(app, 'POST', 'add_contest_admin', {
    auth: 'account',
    policy: 'manageAdmins',
    body: AddContestAdminReq,
    handler: (ctx, body) => admins.addContestAdmins(ctx, body),
  });

  route(app, 'POST', 'remove_contest_admin', {
    auth: 'account',
    policy: 'manageAdmins',
    body: RemoveContestAdminReq,
    handler: (ctx, body) => admins.removeContestAdmins(ctx, body),
  });
}
