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
import { getSettings, saveSettings } from '../../services/settings';

export function settingsRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/settings',
    { schema: { response: { 200: settingsResponseSchema } } },
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
      schema: { body: updateSettingsSchema, response: { 200: settingsResponseSchema } },
      config: { invalidates: 'settings' },
    },
    async (request): Promise<Settings> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'settings:manage');
      // Nobody is turned away from every door but a provider the server does not know.
      if (request.body.ssoOnly && !ctx.config.oidc) throw badRequest(SSO_REFUSAL.notConfigured);
      const { settings } = await saveSettings(ctx.db, request.body, user.id);
      return settings;
    },
  );
}
