import {
  previewRemindersResponseSchema,
  previewRemindersSchema,
  reminderHistoryQuerySchema,
  reminderHistorySchema,
  sendRemindersResponseSchema,
  sendRemindersSchema,
  type PreviewRemindersResponse,
  type ReminderEntry,
  type SendRemindersResponse,
} from '../../../common/schemas/reminders';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { listReminders, planReminders, presentPlan, sendReminders } from './service';

/**
 * Reminders: who a reminder would reach and then sending it, for administrators (anyone) and for
 * VPs, managers and leaders (the people below them, from their dashboards); the history of
 * reminders is the administrators' panel's.
 */
export function reminderRoutes(app: Api, ctx: AppContext) {
  app.post(
    '/api/reminders/preview',
    {
      schema: {
        operationId: 'previewReminders',
        summary: 'Ver a quién llegaría un recordatorio',
        body: previewRemindersSchema,
        response: { 200: previewRemindersResponseSchema },
      },
      // Reads only.
      config: { tokenScope: 'reminders:write', invalidates: false },
    },
    async (request): Promise<PreviewRemindersResponse> => {
      const { user } = requireAuth(request);
      const area = await authorize(ctx, user, 'reminders:remind');
      return presentPlan(await planReminders(ctx, request.body, area, false));
    },
  );

  app.post(
    '/api/reminders/send',
    {
      schema: {
        operationId: 'sendReminders',
        summary: 'Enviar recordatorios',
        body: sendRemindersSchema,
        response: { 200: sendRemindersResponseSchema },
      },
      // Mail and its history: nothing a kept answer shows.
      config: { tokenScope: 'reminders:write', invalidates: false },
    },
    async (request): Promise<SendRemindersResponse> => {
      const { user } = requireAuth(request);
      const area = await authorize(ctx, user, 'reminders:remind');
      return sendReminders(ctx, user, request.body, area, request.log);
    },
  );

  app.get(
    '/api/reminders',
    {
      schema: {
        operationId: 'listReminders',
        summary: 'Leer el historial de recordatorios',
        querystring: reminderHistoryQuerySchema,
        response: { 200: reminderHistorySchema },
      },
      config: { tokenScope: false },
    },
    async (request): Promise<ReminderEntry[]> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'reminders:send');
      return listReminders(ctx, request.query);
    },
  );
}
