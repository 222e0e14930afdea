import {
  reminderHistoryQuerySchema,
  reminderHistorySchema,
  sendRemindersResponseSchema,
  sendRemindersSchema,
  type ReminderEntry,
  type SendRemindersResponse,
} from '../../../common/schemas/reminders';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { listReminders, sendReminders } from './service';

/** The panel's reminder sender and its history: ADMIN only. */
export function reminderRoutes(app: Api, ctx: AppContext) {
  app.post(
    '/api/reminders/send',
    {
      schema: { body: sendRemindersSchema, response: { 200: sendRemindersResponseSchema } },
      // Mail and its history: nothing a kept answer shows.
      config: { invalidates: false },
    },
    async (request): Promise<SendRemindersResponse> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'reminders:send');
      return sendReminders(ctx, user, request.body, request.log);
    },
  );

  app.get(
    '/api/reminders',
    {
      schema: { querystring: reminderHistoryQuerySchema, response: { 200: reminderHistorySchema } },
    },
    async (request): Promise<ReminderEntry[]> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'reminders:send');
      return listReminders(ctx, request.query);
    },
  );
}
