import { ABSENCE_REASONS, type AbsenceReason } from '@common/roles';
import { ABSENCE_REASON_LABELS } from '@common/schemas/absences';
import { dayMonthYear } from '@common/date-format';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { DateRangeFields } from '@/components/date-range-fields';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useAbsenceChanges, useAbsences } from '../api/absences';

/** Whose absences: the signed-in person's own, or someone of their team (by name). */
interface Whose {
  userId: string;
  /** Absent: the viewer's own absences. */
  fullName?: string | undefined;
}

/**
 * The absences of one person with the form that records another: the list, then from, to and
 * the reason. In a card on Mis reportes, in a dialog on the team lists.
 */
export function AbsencesPanel({ userId, fullName }: Whose) {
  const list = useAbsences(userId);
  const { record, remove } = useAbsenceChanges();
  const [range, setRange] = useState({ from: '', to: '' });
  const [reason, setReason] = useState<AbsenceReason>('vacaciones');
  const reasonId = useId();
  const submit = () =>
    record.mutate(
      { userId, ...range, reason },
      { onSuccess: () => setRange({ from: '', to: '' }) },
    );
  return (
    <div className="grid gap-4">
      <QueryState query={list}>
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {fullName
                ? `${fullName} no tiene ausencias registradas.`
                : 'No tienes ausencias registradas.'}
            </p>
          ) : (
            <ul className="grid gap-2" aria-label="Ausencias registradas">
              {items.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
                >
                  <span>
                    <span className="font-medium">{ABSENCE_REASON_LABELS[a.reason]}</span>: del{' '}
                    {dayMonthYear(a.from)} al {dayMonthYear(a.to)}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(a.id)}
                  >
                    <Trash2 aria-hidden="true" />
                    Eliminar
                    <span className="sr-only">
                      {' '}
                      la ausencia del {dayMonthYear(a.from)} al {dayMonthYear(a.to)}
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DateRangeFields from={range.from} to={range.to} onChange={setRange} />
        <div className="grid gap-1.5">
          <Label htmlFor={reasonId}>Motivo</Label>
          <NativeSelect
            id={reasonId}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value as AbsenceReason)}
          >
            {ABSENCE_REASONS.map((r) => (
              <option key={r} value={r}>
                {ABSENCE_REASON_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={!range.from || !range.to || record.isPending}>
          Registrar ausencia
        </Button>
      </form>
    </div>
  );
}

/**
 * Ausencias on Mis reportes: the person's own days away. A week fully inside one is not expected
 * of them: no reminder, not pending, not counted.
 */
export function AbsencesCard({ userId }: { userId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ausencias</CardTitle>
        <CardDescription>
          Las semanas completas dentro de una ausencia no se esperan: no recibes recordatorios ni
          cuentas como pendiente.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AbsencesPanel userId={userId} />
      </CardContent>
    </Card>
  );
}
