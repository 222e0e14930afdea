import { NOTIFY_EMAIL_OPTIONS, reportPagePath } from '@common/roles';
import { NOTIFY_EMAIL_LABELS, type Notification, type Preferences } from '@common/schemas/me';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@common/date-format';
import { useLiveUpdates } from '@/lib/live-updates';
import { cn } from '@/lib/utils';
import {
  useMarkNotificationsRead,
  useNotifications,
  usePreferences,
  useSavePreferences,
} from '../api/notifications';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/** How the unread count reads on the bell, and to a screen reader. */
export function unreadLabel(unread: number): string {
  if (unread === 0) return 'Notificaciones';
  return `Notificaciones: ${unread} sin leer`;
}

function EmailPreference() {
  const id = useId();
  const preferences = usePreferences();
  const save = useSavePreferences();
  return (
    <div className="grid gap-1 border-t px-3 pt-3 pb-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Avisos por correo
      </label>
      <select
        id={id}
        className="h-9 rounded-md border border-input bg-card px-2 text-sm"
        value={preferences.data?.notifyEmail ?? 'immediate'}
        disabled={preferences.isPending || save.isPending}
        onChange={(e) => save.mutate({ notifyEmail: e.target.value as Preferences['notifyEmail'] })}
      >
        {NOTIFY_EMAIL_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {NOTIFY_EMAIL_LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

function NotificationItem({
  notification: n,
  timeZone,
  onOpen,
}: {
  notification: Notification;
  timeZone: string;
  onOpen: (n: Notification) => void;
}) {
  const body = (
    <>
      <span className="block text-sm break-words">{n.text}</span>
      <span className="block text-xs text-muted-foreground">
        {formatDateTime(n.createdAt, timeZone)}
      </span>
    </>
  );
  const className = cn(
    'block rounded-md px-3 py-2 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
    !n.readAt && 'bg-primary/5 font-medium',
  );
  return (
    <li>
      {n.reportId ? (
        <Link to={reportPagePath(n.reportId)} className={className} onClick={() => onOpen(n)}>
          {!n.readAt ? <span className="sr-only">Sin leer: </span> : null}
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

/**
 * The bell of every header: the unread count, live over the event stream, and a panel with the
 * newest notifications (each links to its report and is marked read when opened), 'Marcar todas
 * como leídas' and how the person wants to hear of them by e-mail. A disclosure, not a menu: it
 * holds links, a button and a select, and Escape or a click outside closes it.
 */
export function NotificationBell() {
  const timeZone = useOrganisationTimeZone();
  const live = useLiveUpdates();
  const list = useNotifications({ live });
  const mark = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = list.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const openOne = (n: Notification) => {
    setOpen(false);
    if (!n.readAt) mark.mutate({ ids: [n.id] });
  };

  return (
    <div ref={root} className="relative">
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        className="relative h-9 w-9 p-0"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unreadLabel(unread)}
        onClick={() => setOpen((v) => !v)}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        // On a phone the panel spans the screen under the header; wider, it hangs from the bell.
        className="fixed inset-x-3 top-14 z-50 rounded-lg border bg-card p-1 text-card-foreground shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-[22rem]"
      >
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <h2 className="text-sm font-semibold">Notificaciones</h2>
          {unread > 0 ? (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              disabled={mark.isPending}
              // Up to the newest one shown: one that arrives meanwhile stays unread.
              onClick={() => mark.mutate({ upTo: list.data?.items[0]?.createdAt })}
            >
              Marcar todas como leídas
            </Button>
          ) : null}
        </div>
        {list.isPending ? (
          <div className="px-3 py-4">
            <Spinner label="Cargando notificaciones" />
          </div>
        ) : list.isError ? (
          <p className="px-3 py-4 text-sm text-destructive">
            No se pudieron cargar las notificaciones. {list.error.message}
          </p>
        ) : list.data.items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">No tienes notificaciones.</p>
        ) : (
          <ul className="grid max-h-[60dvh] gap-0.5 overflow-y-auto" aria-label="Notificaciones">
            {list.data.items.map((n) => (
              <NotificationItem key={n.id} notification={n} timeZone={timeZone} onOpen={openOne} />
            ))}
          </ul>
        )}
        {open ? <EmailPreference /> : null}
      </div>
    </div>
  );
}
