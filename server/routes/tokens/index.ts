import { z } from 'zod';
import {
  API_TOKEN_MSG,
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '../../../common/schemas/api-tokens';
import type { AppContext } from '../../context';
import { requireSession } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { audit } from '../../services/audit';
import {
  createApiToken,
  listApiTokens,
  personalTokenRules,
  presentApiToken,
  revokeApiToken,
} from '../../services/api-tokens';

const tokenId = z.object({ id: z.uuid({ error: API_TOKEN_MSG.notFound }) });

/**
 * API tokens, managed with a session only (a token never reaches these routes): anyone makes and
 * revokes personal tokens of their own (unless only single sign-on lets them in); administrators
 * also make service tokens and see and revoke every token. The list says what the viewer's next
 * personal token gets, so that the form shows it.
 */
export function tokenRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/tokens',
    {
      schema: {
        operationId: 'listApiTokens',
        summary: 'Listar mis tokens de API',
        response: { 200: apiTokenListSchema },
      },
      config: { tokenScope: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      return {
        tokens: await listApiTokens(ctx.db, user),
        personal: await personalTokenRules(ctx, user),
      };
    },
  );

  app.post(
    '/api/tokens',
    {
      schema: {
        operationId: 'createApiToken',
        summary: 'Crear un token de API',
        body: createApiTokenSchema,
        response: { 200: createdApiTokenSchema },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      const { token, row } = await createApiToken(
        ctx.db,
        user,
        request.body,
        await personalTokenRules(ctx, user),
        ctx.clock(),
      );
      await audit(ctx.db, {
        actorId: user.id,
        action: 'api_token.created',
        entity: 'api_token',
        entityId: row.id,
        meta: { name: row.name, kind: row.kind, scopes: row.scopes },
      });
      return { token, apiToken: presentApiToken(row, user) };
    },
  );

  app.delete(
    '/api/tokens/:id',
    {
      schema: {
        operationId: 'revokeApiToken',
        summary: 'Revocar un token de API',
        params: tokenId,
        response: { 200: z.object({ message: z.string() }) },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request) => {
      const { user } = requireSession(request);
      const row = await revokeApiToken(ctx.db, user, request.params.id, ctx.clock());
      await audit(ctx.db, {
        actorId: user.id,
        action: 'api_token.revoked',
        entity: 'api_token',
        entityId: row.id,
        meta: { name: row.name, kind: row.kind, ownerId: row.userId },
      });
      return { message: API_TOKEN_MSG.revoked };
    },
  );
}
