import { AuditLogCard } from '@/features/audit/components/audit-log-card';
import { JobsPausedNotice } from '@/features/jobs/components/jobs-paused-notice';
import { OutboxCard } from '@/features/mail/components/outbox-card';
import {
  RecipientPicker,
  type RecipientSelection,
} from '@/features/reminders/components/recipient-picker';
import { RemindersCard } from '@/features/reminders/components/reminders-card';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { SsoCard } from '@/features/settings/components/sso-card';
import { TokensCard } from '@/features/tokens/components/tokens-card';
import { useUsersWithCounts } from '@/features/users/api/get-users-with-counts';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';

/** 'Usuarios específicos' of a reminder: the users list, loaded only once it is picked. */
function SpecificRecipients(selection: RecipientSelection) {
  const users = useUsersWithCounts();
  return <RecipientPicker users={users} {...selection} />;
}

/**
 * 'Configuración': the notice of paused scheduled jobs (after a restore), reminders, the system
 * settings, single sign-on, the outbox, API tokens and the audit log.
 */
export function ConfigurationTab() {
  return (
    <div className="grid min-w-0 items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <div className="empty:hidden lg:col-span-2">
        <JobsPausedNotice />
      </div>
      <RemindersCard recipients={(selection) => <SpecificRecipients {...selection} />} />
      <SettingsCard />
      <SsoCard />
      {/* The mail queue is a wide table, as the audit log; the tokens' form sits beside their list. */}
      <div className="lg:col-span-2">
        <OutboxCard />
      </div>
      <div className="lg:col-span-2">
        <TokensCard canMakeService />
      </div>
      <div className="lg:col-span-2">
        <WebhooksCard />
      </div>
      <div className="lg:col-span-2">
        <AuditLogCard />
      </div>
    </div>
  );
}
