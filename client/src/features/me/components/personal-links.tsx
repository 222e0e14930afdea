import { ACCOUNT_PATH, MY_REPORTS_PATH, ownFormPath } from '@common/roles';
import { FilePen, History, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { NotificationBell } from './notification-bell';

/**
 * What every header carries for the signed-in person: for those who report, their own form ('Mi
 * APPA') and Mis reportes; for everyone, Mi cuenta and the bell. On a phone the links show their
 * icons only.
 */
export function PersonalLinks({ form = true }: { /** Off on the form itself. */ form?: boolean }) {
  const user = useSignedInUser();
  return (
    <nav aria-label="Tus reportes" className="flex items-center gap-1">
      {user.abilities.report ? (
        <>
          {form ? (
            <Button variant="ghost" size="sm" asChild>
              <Link to={ownFormPath(user)}>
                <FilePen aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Mi APPA</span>
              </Link>
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" asChild>
            <Link to={MY_REPORTS_PATH}>
              <History aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Mis reportes</span>
            </Link>
          </Button>
        </>
      ) : null}
      <Button variant="ghost" size="sm" asChild>
        <Link to={ACCOUNT_PATH}>
          <UserRound aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Mi cuenta</span>
        </Link>
      </Button>
      <NotificationBell />
    </nav>
  );
}
