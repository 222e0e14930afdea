import { z } from 'zod';
import {
  WEBHOOK_MSG,
  createWebhookSchema,
  createdWebhookSchema,
  webhookDeliveryIdSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointResponseSchema,
  webhookIdSchema,
  webhookListSchema,
  webhookMessageSchema,
} from '../../../common/schemas/webhooks';
import type { AppContext } from '../../context';
import { requireSession } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  pingWebhook,
  reactivateWebhook,
  retryWebhookDelivery,
} from '../../services/webhooks';

const endpointParams = z.object({ id: webhookIdSchema });
const deliveryParams = z.object({ id: webhookDeliveryIdSchema });

/**
 * Webhooks, for administrators with a session only (no API token reaches them: a token that could
 * register an endpoint could read every event and its secret): the endpoints and their deliveries.
 */
export function webhookRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        summary: 'Listar los webhooks',
        response: { 200: webhookListSchema },
      },
      config: { tokenScope: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      await authorize(ctx, user, 'webhooks:manage');
      return listWebhooks(ctx);
    },
  );

  app.post(
    '/api/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        summary: 'Crear un webhook',
        body: createWebhookSchema,
        response: {
          200: createdWebhookSchema,
          ...refusals({ 409: 'Ya hay el máximo de webhooks.' }),
        },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      await authorize(ctx, user, 'webhooks:manage');
      const created = await createWebhook(ctx, user.id, request.body);
      return { message: WEBHOOK_MSG.created, ...created };
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Borrar un webhook',
        params: endpointParams,
        response: { 200: webhookMessageSchema },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      await authorize(ctx, user, 'webhooks:manage');
      await deleteWebhook(ctx, user.id, request.params.id);
      return { message: WEBHOOK_MSG.deleted };
    },
  );

  app.post(
    '/api/webhooks/:id/reactivate',
    {
      schema: {
        operationId: 'reactivateWebhook',
        summary: 'Reactivar un webhook desactivado',
        params: endpointParams,
        response: {
          200: webhookEndpointResponseSchema,
          ...refusals({ 409: 'El webhook no está desactivado.' }),
        },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      await authorize(ctx, user, 'webhooks:manage');
      const endpoint = await reactivateWebhook(ctx, user.id, request.params.id);
      return { message: WEBHOOK_MSG.reactivated, endpoint };
    },
  );

  app.post(
    '/api/webhooks/:id/ping',
    {
      schema: {
        operationId: 'pingWebhook',
        summary: 'Probar un webhook con un ping',
        params: endpointParams,
        response: {
          200: webhookMessageSchema,
          ...refusals({ 409: 'El webhook está desactivado.' }),
        },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      await authorize(ctx, user, 'webhooks:manage');
      await pingWebhook(ctx, request.params.id);
      return { message: WEBHOOK_MSG.pingQueued };
    },
  );

  app.post(
    '/api/webhooks/deliveries/:id/retry',
    {
      schema: {
        operationId: 'retryWebhookDelivery',
        summary: 'Reintentar una entrega de webhook',
        params: deliveryParams,
        response: {
          200: webhookDeliveryResponseSchema,
          ...refusals({ 409: 'El webhook está desactivado, o la entrega no falló.' }),
        },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      await authorize(ctx, user, 'webhooks:manage');
      const delivery = await retryWebhookDelivery(ctx, user.id, request.params.id);
      return { message: WEBHOOK_MSG.retried, delivery };
    },
  );
}
