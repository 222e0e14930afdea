import type { FastifyInstance } from 'fastify';
import {
  MAIL_MSG,
  outboxIdSchema,
  outboxQuerySchema,
  type OutboxMessage,
  type OutboxResponse,
} from '../../../common/schemas/mail';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { authorize } from '../../policies';
import { listOutbox, readOutboxMessage } from '../../services/outbox';

/** The outbox folder, read by administrators when there is no SMTP server (DESIGN.md "E-mail"). */
export function mailRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/mail/outbox', async (request): Promise<OutboxResponse> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'settings:manage');
    const { limit } = parse(outboxQuerySchema, request.query);
    if (ctx.mailer.kind === 'smtp') return { enabled: false, messages: [] };
    return { enabled: true, messages: await listOutbox(ctx.config, limit) };
  });

  app.get<{ Params: { id: string } }>(
    '/api/mail/outbox/:id',
    async (request): Promise<OutboxMessage> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      const id = parse(outboxIdSchema, request.params.id);
      const message = ctx.mailer.kind === 'smtp' ? null : await readOutboxMessage(ctx.config, id);
      if (!message) throw notFound(MAIL_MSG.messageNotFound);
      return message;
    },
  );
}
