import { DeleteSeasonChatMessageReq } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as chat from './service';

/** The season chat's call (messages themselves travel over the player link). */
export function chatRoutes(app: FastifyInstance): void {
  route(app, 'POST', 'delete_season_chat_message', {
    auth: 'account',
    policy: 'moderateChat',
    body: DeleteSeasonChatMessageReq,
    handler: (ctx, body) => chat.deleteMessage(ctx, body),
  });
}
