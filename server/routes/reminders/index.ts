import type { FastifyInstance } from 'fastify';
import {
  reminderHistoryQuerySchema,
  sendRemindersSchema,
  type ReminderEntry,
  type SendRemindersResponse,
} from '../../../common/schemas/reminders';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { authorize } from '../../policies';
import { listReminders, sendReminders } from './service';

/** The panel's reminder sender and its history: ADMIN only. */
export function reminderRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/reminders/send', async (request): Promise<SendRemindersResponse> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'reminders:send');
    const input = parse(sendRemindersSchema, request.body);
    return sendReminders(ctx, user, input, request.log);
  });

  app.get('/api/reminders', async (request): Promise<ReminderEntry[]> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'reminders:send');
    const query = parse(reminderHistoryQuerySchema, request.query);
    return listReminders(ctx, query);
  });
}
