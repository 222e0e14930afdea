import { z } from 'zod';
import {
  MAIL_MSG,
  outboxIdSchema,
  outboxMessageSchema,
  outboxQuerySchema,
  outboxResponseSchema,
  type OutboxMessage,
  type OutboxResponse,
} from '../../../common/schemas/mail';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { listOutbox, readOutboxMessage } from '../../services/outbox';

const messageParams = z.object({ id: outboxIdSchema });

/** The outbox folder, read by administrators when there is no SMTP server. */
export function mailRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/mail/outbox',
    { schema: { querystring: outboxQuerySchema, response: { 200: outboxResponseSchema } } },
    async (request): Promise<OutboxResponse> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      const { limit } = request.query;
      if (ctx.mailer.kind === 'smtp') return { enabled: false, messages: [] };
      return { enabled: true, messages: await listOutbox(ctx.config, limit) };
    },
  );

  app.get(
    '/api/mail/outbox/:id',
    { schema: { params: messageParams, response: { 200: outboxMessageSchema } } },
    async (request): Promise<OutboxMessage> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      const { id } = request.params;
      const message = ctx.mailer.kind === 'smtp' ? null : await readOutboxMessage(ctx.config, id);
      if (!message) throw notFound(MAIL_MSG.messageNotFound);
      return message;
    },
  );
}
