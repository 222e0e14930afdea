import { RemindUserButton } from '@/features/reminders/components/remind-user-button';
import { UserManagement } from '@/features/users/components/user-management';

/** 'Gestión de Usuarios', each active user with the reminders' 'Recordar'. */
export function UsersTab() {
  return <UserManagement remindButton={(user) => <RemindUserButton user={user} />} />;
}
