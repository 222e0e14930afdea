import {
  settingsResponseSchema,
  updateSettingsSchema,
  type Settings,
} from '../../../common/schemas/settings';
import { SSO_REFUSAL } from '../../../common/schemas/sso';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { revokeTokensClosedBySsoOnly } from '../../services/api-tokens';
import { kickMail } from '../../services/mail-queue';
import { ssoOnlyActive } from '../../services/sso-only';
import { getSettings, saveSettings } from '../../services/settings';

export function settingsRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/settings',
    {
      schema: {
        operationId: 'getSettings',
        summary: 'Leer la configuración',
        response: { 200: settingsResponseSchema },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<Settings> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      return getSettings(ctx.db);
    },
  );

  // The body holds only the settings to change; all of it is validated before anything is written.
  app.put(
    '/api/settings',
    {
      schema: {
        operationId: 'updateSettings',
        summary: 'Cambiar la configuración',
        body: updateSettingsSchema,
        response: { 200: settingsResponseSchema },
      },
      config: { tokenScope: false, invalidates: 'settings' },
    },
    async (request): Promise<Settings> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      // Nobody is turned away from every door but a provider the server does not know.
      if (request.body.ssoOnly && !ctx.config.oidc) throw badRequest(SSO_REFUSAL.notConfigured);
      const { settings, changed } = await saveSettings(ctx.db, request.body, user.id);
      // Switched on: the personal tokens of everyone it holds for are revoked for good, so that
      // switching it off later brings none of them back.
      if (changed.ssoOnly && ssoOnlyActive(ctx, settings)) {
        await revokeTokensClosedBySsoOnly(ctx, user.id);
        kickMail(ctx, request.log);
      }
      return settings;
    },
  );
}
