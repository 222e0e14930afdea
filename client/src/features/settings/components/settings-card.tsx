import { PERSONAL_TOKEN_MAX_DAYS } from '@common/constants';
import type { Settings } from '@common/schemas/settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { SaveButton, savedToasts, Section, Toggle } from './form-parts';
import { changedSettings, settingsFormSchema, toFormValues } from '../lib/settings-form';

const DAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

const TIMEZONE_LABELS: Record<Settings['organisationTimezone'], string> = {
  'America/Lima': 'Lima, Perú (UTC−5)',
  'America/Bogota': 'Bogotá, Colombia (UTC−5)',
  'America/Mexico_City': 'Ciudad de México (UTC−6)',
  'America/Santiago': 'Santiago de Chile (UTC−4 / −3)',
};

/** 'Configuración del Sistema': every saved setting; only the changed ones are sent. */
export function SettingsCard() {
  const settings = useSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Configuración del Sistema</CardTitle>
        <CardDescription>
          Recordatorios, plazos, archivos adjuntos y acceso de todo el sistema.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label="Cargando configuración..." />
        ) : settings.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{settings.error.message}</AlertDescription>
          </Alert>
        ) : (
          <SettingsForm saved={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ saved }: { saved: Settings }) {
  const update = useUpdateSettings();
  const form = useForm({
    resolver: zodResolver(settingsFormSchema),
    values: toFormValues(saved),
  });
  const {
    register,
    formState: { errors, isDirty },
  } = form;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(changedSettings(saved, values), savedToasts),
  );

  const number = (
    name: 'maxFileMb' | 'maxFiles' | 'sessionHours' | 'personalTokenDays' | 'reminderDay',
  ) => register(name, { valueAsNumber: true });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6">
      <Section title="Recordatorios">
        <Toggle
          label="Recordatorios automáticos"
          hint="Se envía cada semana a quienes aún no enviaron su APPA."
          {...register('autoRemindersEnabled')}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Día de envío" error={errors.reminderDay?.message}>
            <NativeSelect {...number('reminderDay')}>
              {DAYS.map((day, i) => (
                <option key={day} value={i + 1}>
                  {day}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Hora de envío" error={errors.reminderTime?.message}>
            <Input type="time" {...register('reminderTime')} />
          </FormField>
          <FormField
            label="Correo remitente"
            hint="Vacío: el remitente configurado en el servidor."
            error={errors.mailFrom?.message}
            className="sm:col-span-2"
          >
            <Input type="email" autoComplete="off" {...register('mailFrom')} />
          </FormField>
        </div>
      </Section>

      <Section title="Plazos">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Hora límite de envío" error={errors.deadlineTime?.message}>
            <Input type="time" {...register('deadlineTime')} />
          </FormField>
          <FormField label="Zona horaria del sistema" error={errors.organisationTimezone?.message}>
            <NativeSelect {...register('organisationTimezone')}>
              {Object.entries(TIMEZONE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <Toggle
          label="Permitir envíos tardíos"
          hint="Un APPA puede enviarse después de la hora límite."
          {...register('allowLateSubmissions')}
        />
      </Section>

      <Section title="Archivos adjuntos">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            label="Tamaño máximo de archivo (MB)"
            hint="De 1 a 100 MB."
            error={errors.maxFileMb?.message}
          >
            <Input type="number" inputMode="numeric" min={1} max={100} {...number('maxFileMb')} />
          </FormField>
          <FormField
            label="Máximo de archivos"
            hint="Por APPA, de 1 a 50."
            error={errors.maxFiles?.message}
          >
            <Input type="number" inputMode="numeric" min={1} max={50} {...number('maxFiles')} />
          </FormField>
        </div>
      </Section>

      <Section title="Acceso">
        <FormField
          label="Duración de sesión (horas)"
          hint="De 1 a 168 horas (7 días)."
          error={errors.sessionHours?.message}
          className="sm:max-w-xs"
        >
          <Input type="number" inputMode="numeric" min={1} max={168} {...number('sessionHours')} />
        </FormField>
        <FormField
          label="Vigencia de tokens personales (días)"
          hint={`Cuando quien crea el token no elige una fecha. De 1 a ${PERSONAL_TOKEN_MAX_DAYS} días: ningún token personal dura más de un año.`}
          error={errors.personalTokenDays?.message}
          className="sm:max-w-xs"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={PERSONAL_TOKEN_MAX_DAYS}
            {...number('personalTokenDays')}
          />
        </FormField>
        <Toggle
          label="Enlaces mágicos"
          hint="Permite ingresar con un enlace enviado por correo."
          {...register('magicLinksEnabled')}
        />
        <Toggle
          label="Registro de cuentas"
          hint="Personas de los dominios permitidos pueden crear su propia cuenta."
          {...register('registrationEnabled')}
        />
        <FormField
          label="Dominios permitidos"
          hint="Separados por comas o en líneas distintas, por ejemplo: empresa.pe"
          error={errors.registrationDomains?.message}
        >
          <Textarea rows={3} autoComplete="off" {...register('registrationDomains')} />
        </FormField>
      </Section>

      <SaveButton label="Guardar configuración" pending={update.isPending} disabled={!isDirty} />
    </form>
  );
}
