import type { FastifyInstance } from 'fastify';
import { updateSettingsSchema, type Settings } from '../../../common/schemas/settings';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { authorize } from '../../policies';
import { getSettings, saveSettings } from '../../services/settings';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/settings', async (request): Promise<Settings> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'settings:manage');
    return getSettings(ctx.db);
  });

  // The body holds only the settings to change; all of it is validated before anything is written.
  app.put('/api/settings', async (request): Promise<Settings> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'settings:manage');
    const changes = parse(updateSettingsSchema, request.body);
    const { settings } = await saveSettings(ctx.db, changes, user.id);
    return settings;
  });
}
