import { AuditLogCard } from './audit-log-card';
import { OutboxCard } from './outbox-card';
import { RemindersCard } from './reminders-card';
import { SettingsCard } from './settings-card';

/** 'Configuración': reminders, the system settings, the outbox and the audit log. */
export function ConfigurationTab() {
  return (
    <div className="grid min-w-0 items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <RemindersCard />
      <SettingsCard />
      <OutboxCard />
      <div className="lg:col-span-2">
        <AuditLogCard />
      </div>
    </div>
  );
}
