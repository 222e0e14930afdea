import {
  DEFAULT_REMINDER_MESSAGE,
  DEFAULT_REMINDER_SUBJECT,
  sendRemindersSchema,
  type RecipientType,
  type SendRemindersInput,
} from '@common/schemas/reminders';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useReminderConfirmation } from './reminder-confirmation';
import type { RecipientSelection } from './recipient-picker';
import { ReminderHistory } from './reminder-history';

const RECIPIENT_LABELS: Record<RecipientType, string> = {
  pending: 'Usuarios pendientes',
  all: 'Todos los usuarios',
  specific: 'Usuarios específicos',
};

type ReminderForm = UseFormReturn<
  SendRemindersInput,
  unknown,
  z.output<typeof sendRemindersSchema>
>;

const DEFAULTS: SendRemindersInput = {
  type: 'pending',
  userIds: [],
  subject: DEFAULT_REMINDER_SUBJECT,
  message: DEFAULT_REMINDER_MESSAGE,
};

/** Draws the people to choose from; mounted only when 'Usuarios específicos' is picked. */
type RecipientsSlot = (selection: RecipientSelection) => ReactNode;

function SpecificRecipients({
  form,
  recipients,
}: {
  form: ReminderForm;
  recipients: RecipientsSlot;
}) {
  const selected = useWatch({ control: form.control, name: 'userIds' }) ?? [];
  return recipients({
    selected,
    onChange: (ids) =>
      form.setValue('userIds', ids, { shouldValidate: form.formState.isSubmitted }),
    error: form.formState.errors.userIds?.message,
  });
}

/**
 * 'Enviar Recordatorios' (Configuración tab): to the pending authors of this week, to all of them,
 * or to chosen people; the {nombre} and {enlace} placeholders are filled per person. The history
 * of what was sent follows. `recipients` draws the people to choose from (the screen passes a
 * RecipientPicker over the users list).
 */
export function RemindersCard({ recipients }: { recipients: RecipientsSlot }) {
  const { ask, busy, dialog } = useReminderConfirmation();
  const form: ReminderForm = useForm({
    resolver: zodResolver(sendRemindersSchema),
    defaultValues: DEFAULTS,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const type = useWatch({ control: form.control, name: 'type' });

  // Asks first, listing who will receive it; the choice of people stays until it is sent.
  const onSubmit = form.handleSubmit((input) =>
    ask({ ...input, userIds: input.type === 'specific' ? input.userIds : [] }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Enviar Recordatorios</CardTitle>
        <CardDescription>
          Envía por correo un recordatorio para que completen el APPA de esta semana.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
          <FormField label="Tipo de destinatarios" error={errors.type?.message}>
            <NativeSelect {...register('type')}>
              {Object.entries(RECIPIENT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {type === 'specific' ? <SpecificRecipients form={form} recipients={recipients} /> : null}
          <FormField label="Asunto" error={errors.subject?.message}>
            <Input autoComplete="off" maxLength={200} {...register('subject')} />
          </FormField>
          <FormField
            label="Mensaje"
            error={errors.message?.message}
            hint="Usa {nombre} para el nombre de cada persona y {enlace} para su enlace personal."
          >
            <Textarea rows={6} maxLength={5000} {...register('message')} />
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Send aria-hidden="true" />
              )}
              Enviar Recordatorios
            </Button>
          </div>
        </form>
        {dialog}
        <ReminderHistory />
      </CardContent>
    </Card>
  );
}
