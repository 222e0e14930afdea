import {
  markReadSchema,
  myReportsSchema,
  notificationListSchema,
  preferencesSchema,
  type MyReports,
  type NotificationList,
  type Preferences,
} from '../../../common/schemas/me';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { listNotifications, markNotificationsRead } from '../../services/notifications';
import { listMyReports, loadPreferences, savePreferences } from './service';

/** What the signed-in person has of their own: Mis reportes, the bell, e-mail preferences. */
export function meRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/me/reports',
    {
      schema: {
        operationId: 'listMyReports',
        summary: 'Leer mis reportes',
        response: { 200: myReportsSchema },
      },
      // An author's own script reads what came back on their reports (Mis reportes).
      config: { tokenScope: 'reports:read' },
    },
    async (request): Promise<MyReports> => {
      const { user } = requireAuth(request);
      return { items: await listMyReports(ctx, user.id) };
    },
  );

  app.get(
    '/api/me/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'Leer mis avisos',
        response: { 200: notificationListSchema },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<NotificationList> => {
      const { user } = requireAuth(request);
      return listNotifications(ctx, user.id);
    },
  );

  app.post(
    '/api/me/notifications/read',
    {
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Marcar avisos como leídos',
        body: markReadSchema,
        response: { 200: notificationListSchema },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request): Promise<NotificationList> => {
      const { user } = requireAuth(request);
      await markNotificationsRead(ctx, user.id, request.body);
      return listNotifications(ctx, user.id);
    },
  );

  app.get(
    '/api/me/preferences',
    {
      schema: {
        operationId: 'getPreferences',
        summary: 'Leer mis preferencias de correo',
        response: { 200: preferencesSchema },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<Preferences> => {
      const { user } = requireAuth(request);
      return loadPreferences(ctx, user.id);
    },
  );

  app.put(
    '/api/me/preferences',
    {
      schema: {
        operationId: 'updatePreferences',
        summary: 'Cambiar mis preferencias de correo',
        body: preferencesSchema,
        response: { 200: preferencesSchema },
      },
      config: { tokenScope: false, invalidates: false },
    },
    async (request): Promise<Preferences> => {
      const { user } = requireAuth(request);
      return savePreferences(ctx, user.id, request.body);
    },
  );
}
