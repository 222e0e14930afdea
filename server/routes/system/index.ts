import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import type { AppConfig } from '../../../common/schemas/system';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { getSettings } from '../../services/settings';

const open = { config: { allowDuringPasswordChange: true } };

export function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  // Liveness: the process answers.
  app.get('/api/health', open, async () => ({ status: 'ok' }));

  // Readiness: the database answers too.
  app.get('/api/ready', open, async (request) => {
    try {
      await ctx.database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      throw new AppError(503, MSG.databaseUnavailable);
    }
    return { status: 'ready' };
  });

  // What the browser needs before anything else; never a secret.
  app.get('/api/config', open, async (): Promise<AppConfig> => ({
    productName: PRODUCT_NAME,
    publicSiteUrl: ctx.config.publicSiteUrl ?? null,
    demo: ctx.config.demo,
    magicLinksEnabled: (await getSettings(ctx.db)).magicLinksEnabled,
  }));
}
