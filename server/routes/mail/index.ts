import { z } from 'zod';
import {
  MAIL_MSG,
  mailIdSchema,
  mailQueueQuerySchema,
  mailQueueResponseSchema,
  outboxIdSchema,
  outboxMessageSchema,
  outboxQuerySchema,
  outboxResponseSchema,
  retryMailResponseSchema,
  type MailQueueResponse,
  type OutboxMessage,
  type OutboxResponse,
  type RetryMailResponse,
} from '../../../common/schemas/mail';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { audit } from '../../services/audit';
import { kickMail, listMailQueue, retryMail } from '../../services/mail-queue';
import { listOutbox, readOutboxMessage } from '../../services/outbox';

const messageParams = z.object({ id: outboxIdSchema });
const queueParams = z.object({ id: mailIdSchema });

/**
 * The mail the server sends, read by administrators: the queue (every message, by status, in
 * either mode) and, when there is no SMTP server, the outbox folder with each message's text.
 */
export function mailRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/mail/queue',
    {
      schema: {
        operationId: 'listMailQueue',
        summary: 'Leer la cola de correo',
        querystring: mailQueueQuerySchema,
        response: { 200: mailQueueResponseSchema },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<MailQueueResponse> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      return listMailQueue(ctx, request.query.limit);
    },
  );

  app.post(
    '/api/mail/queue/:id/retry',
    {
      schema: {
        operationId: 'retryMail',
        summary: 'Reintentar un correo fallido',
        params: queueParams,
        response: {
          200: retryMailResponseSchema,
          ...refusals({ 409: 'El correo no está fallido.' }),
        },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request): Promise<RetryMailResponse> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      const { id } = request.params;
      const entry = await retryMail(ctx, id);
      if (entry === null) throw notFound(MAIL_MSG.messageNotFound);
      if (entry === 'not-failed') throw conflict(MAIL_MSG.notFailed);
      await audit(ctx.db, {
        actorId: user.id,
        action: 'mail.retried',
        entity: 'mail',
        entityId: id,
        meta: { kind: entry.kind },
      });
      kickMail(ctx, request.log);
      return { message: MAIL_MSG.retried, entry };
    },
  );

  app.get(
    '/api/mail/outbox',
    {
      schema: {
        operationId: 'listOutbox',
        summary: 'Leer la bandeja de salida',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
      config: { tokenScope: false },
    },
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
    {
      schema: {
        operationId: 'getOutboxMessage',
        summary: 'Leer un mensaje de la bandeja de salida',
        params: messageParams,
        response: { 200: outboxMessageSchema },
      },
      config: { tokenScope: false },
    },
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
