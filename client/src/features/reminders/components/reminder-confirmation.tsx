import {
  REMINDER_QUIET_HOURS,
  SKIP_REASON_TEXT,
  type SendRemindersInput,
  type SkippedRecipient,
} from '@common/schemas/reminders';
import { LoaderCircle, Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { usePreviewReminders } from '../api/preview-reminders';
import { useSendReminders } from '../api/send-reminders';

/** Names listed before "y N más": enough to check, few enough to read. */
const NAMES_SHOWN = 8;

const people = (n: number) => (n === 1 ? '1 persona' : `${n} personas`);

function Names({ names, label }: { names: readonly string[]; label: string }) {
  const shown = names.slice(0, NAMES_SHOWN);
  const more = names.length - shown.length;
  return (
    <ul aria-label={label} className="grid gap-1 text-sm">
      {shown.map((name, i) => (
        <li key={`${name}-${i}`} className="break-words">
          {name}
        </li>
      ))}
      {more > 0 ? <li className="text-muted-foreground">y {more} más</li> : null}
    </ul>
  );
}

/** Who is left out, by reason; someone the sender may not know of is counted, not named. */
function Skipped({ skipped }: { skipped: readonly SkippedRecipient[] }) {
  const reasons = [...new Set(skipped.map((s) => s.reason))];
  return (
    <div className="grid gap-3">
      {reasons.map((reason) => {
        const of = skipped.filter((s) => s.reason === reason);
        const names = of.flatMap((s) => (s.fullName ? [s.fullName] : []));
        const unnamed = of.length - names.length;
        return (
          <div key={reason} className="grid gap-1">
            <p className="text-sm font-medium">
              {SKIP_REASON_TEXT[reason]}: {people(of.length)}
            </p>
            {names.length ? <Names names={names} label={SKIP_REASON_TEXT[reason]} /> : null}
            {unnamed > 0 && names.length > 0 ? (
              <p className="text-sm text-muted-foreground">y {people(unnamed)} sin nombre</p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/**
 * Every way of reminding asks first: `ask(input)` opens a dialog that lists who will receive the
 * reminder and who will not and why (read from the server at that moment), offers to insist on
 * those reminded in the last hours, and sends only on "Enviar". `dialog` is to be rendered once.
 */
export function useReminderConfirmation() {
  const [asked, setAsked] = useState<SendRemindersInput | null>(null);
  const [insist, setInsist] = useState(false);
  const preview = usePreviewReminders(asked);
  const send = useSendReminders();
  const close = () => {
    setAsked(null);
    setInsist(false);
  };

  const dialog: ReactNode = (
    <Dialog open={asked !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>¿Enviar recordatorios?</DialogTitle>
          <DialogDescription>
            Revisa quiénes recibirán el recordatorio antes de enviarlo.
          </DialogDescription>
        </DialogHeader>
        <QueryState query={preview}>
          {(plan) => {
            const recent = plan.skipped.filter((s) => s.reason === 'recent');
            const reached = plan.recipients.length + (insist ? recent.length : 0);
            const skipped = insist
              ? plan.skipped.filter((s) => s.reason !== 'recent')
              : plan.skipped;
            return (
              <div className="grid gap-4">
                {plan.recipients.length ? (
                  <div className="grid gap-1">
                    <p className="text-sm font-medium">
                      Lo recibirán {people(plan.recipients.length)}:
                    </p>
                    <Names names={plan.recipients.map((r) => r.fullName)} label="Destinatarios" />
                  </div>
                ) : (
                  <p className="text-sm">Nadie recibirá este recordatorio tal como está.</p>
                )}
                {skipped.length ? <Skipped skipped={skipped} /> : null}
                {recent.length ? (
                  <label className="flex min-h-11 items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-1 size-4"
                      checked={insist}
                      onChange={(e) => setInsist(e.target.checked)}
                    />
                    Enviar también a quienes ya recibieron uno en las últimas {REMINDER_QUIET_HOURS}{' '}
                    horas ({recent.length})
                  </label>
                ) : null}
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Cancelar</Button>
                  </DialogClose>
                  <Button
                    disabled={reached === 0 || send.isPending || asked === null}
                    onClick={() => {
                      if (asked) send.mutate({ ...asked, insist }, { onSettled: close });
                    }}
                  >
                    {send.isPending ? (
                      <LoaderCircle aria-hidden="true" className="animate-spin" />
                    ) : (
                      <Send aria-hidden="true" />
                    )}
                    Enviar a {people(reached)}
                  </Button>
                </DialogFooter>
              </div>
            );
          }}
        </QueryState>
      </DialogContent>
    </Dialog>
  );

  return { ask: setAsked, busy: asked !== null || send.isPending, dialog };
}
