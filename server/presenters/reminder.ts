import type { ReminderEntry } from '../../common/schemas/reminders';
import type { reminders, UserRow } from '../db/schema';

type ReminderRow = typeof reminders.$inferSelect;

export function presentReminder(
  row: Pick<ReminderRow, 'id' | 'sentAt' | 'type' | 'weekStart' | 'emailSubject'>,
  recipient: Pick<UserRow, 'id' | 'fullName' | 'email'>,
  sentBy: Pick<UserRow, 'id' | 'fullName'> | null,
): ReminderEntry {
  return {
    id: row.id,
    sentAt: row.sentAt.toISOString(),
    type: row.type,
    weekStart: row.weekStart,
    emailSubject: row.emailSubject,
    recipient: { id: recipient.id, fullName: recipient.fullName, email: recipient.email },
    sentBy: sentBy ? { id: sentBy.id, fullName: sentBy.fullName } : null,
  };
}
