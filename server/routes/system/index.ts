import { PRODUCT_NAME } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { registrationOffered } from '../../../common/schemas/settings';
import { readyResponseSchema } from '../../../common/schemas/jobs';
import { appConfigSchema, statusResponseSchema } from '../../../common/schemas/system';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { isDemoDatabase } from '../../services/demo';
import { jobsStatus } from '../../services/jobs-pause';
import { ssoOnlyActive } from '../../services/sso-only';
import { getSettings } from '../../services/settings';

const open = { tokenScope: false, public: true, allowDuringPasswordChange: true } as const;
/** Load balancers check an instance at its own address, whatever names people use. */
const probe = { ...open, anyHost: 'health checks address the instance by its IP' } as const;

export function systemRoutes(app: Api, ctx: AppContext) {
  // Liveness: the process answers.
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Comprobar que el servidor responde',
        response: { 200: statusResponseSchema },
      },
      config: probe,
    },
    async () => ({ status: 'ok' }),
  );

  // Readiness: the database answers too, and this instance hears the others' writes (a load
  // balancer should not send people to an instance that may serve what others changed). Jobs
  // held back (a restored database) leave it ready, and are said.
  app.get(
    '/api/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Comprobar que el servidor está listo para atender',
        response: {
          200: readyResponseSchema,
          ...refusals({ 503: 'La base de datos o los avisos entre instancias no responden.' }),
        },
      },
      config: probe,
    },
    async (request) => {
      try {
        await ctx.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        throw new AppError(503, MSG.databaseUnavailable);
      }
      const down = ctx.database.notificationsDown();
      if (down) {
        request.log.warn(down);
        throw new AppError(503, `${MSG.notificationsDown} (${down})`);
      }
      return { status: 'ready', jobs: (await jobsStatus(ctx.db, ctx.config)).state };
    },
  );

  // What the browser needs before anything else; never a secret.
  app.get(
    '/api/config',
    {
      schema: {
        operationId: 'getPublicConfig',
        summary: 'Leer la configuración que muestra la página de inicio de sesión',
        response: { 200: appConfigSchema },
      },
      config: open,
    },
    async () => {
      const settings = await getSettings(ctx.db);
      const ssoOnly = ssoOnlyActive(ctx, settings);
      return {
        productName: PRODUCT_NAME,
        publicSiteUrl: ctx.config.publicSiteUrl ?? null,
        demo: await isDemoDatabase(ctx.db),
        magicLinksEnabled: settings.magicLinksEnabled && !ssoOnly,
        // Which domains may register is not said.
        registrationEnabled: registrationOffered(settings) && !ssoOnly,
        sso: ctx.config.oidc ? { label: ctx.config.oidc.buttonLabel } : null,
        ssoOnly,
        timeZone: settings.organisationTimezone,
      };
    },
  );
}
