import { sql, type SQL } from 'drizzle-orm';
import { REMINDER_QUIET_HOURS } from '../../common/schemas/reminders';
import { reminders, users } from '../db/schema';

const QUIET_MS = REMINDER_QUIET_HOURS * 3_600_000;

/** What a reminder needs of its recipient. */
export const recipientColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  slug: users.slug,
};

/**
 * A condition on `users` rows: reminded (by anyone, by hand or automatically) within the quiet
 * hours before `now`. Nobody gets two reminders that close together unless the sender insists.
 */
export function remindedLately(now: Date): SQL {
  return sql`exists (
      select 1 from ${reminders}
      where ${reminders.userId} = ${users.id}
        and ${reminders.sentAt} > ${new Date(now.getTime() - QUIET_MS)}
    )`;
}
