import type { Settings } from '@common/schemas/settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAppConfig } from '@/lib/api/get-config';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { ssoFormSchema, toSsoFormValues } from '../lib/settings-form';
import { SaveButton, savedToasts, Section, Toggle } from './form-parts';

/**
 * 'Inicio de sesión único': the provider comes from the server's environment; the organisation
 * decides here whether it is the only way in and whether it creates accounts.
 */
export function SsoCard() {
  const settings = useSettings();
  const provider = useAppConfig().data?.sso ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Inicio de sesión único (SSO)</CardTitle>
        <CardDescription>
          {provider
            ? `Las personas pueden ingresar con ${provider.label}, el proveedor configurado en el servidor.`
            : 'Ingreso con el proveedor de identidad de la organización (OpenID Connect).'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {provider ? null : (
          <Alert>
            <AlertDescription>
              El servidor no tiene un proveedor configurado. Quien administra el servidor lo
              configura con las variables OIDC_ISSUER, OIDC_CLIENT_ID y OIDC_CLIENT_SECRET.
            </AlertDescription>
          </Alert>
        )}
        {settings.isPending ? (
          <Spinner label="Cargando configuración..." />
        ) : settings.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{settings.error.message}</AlertDescription>
          </Alert>
        ) : (
          <SsoForm saved={settings.data} configured={provider !== null} />
        )}
      </CardContent>
    </Card>
  );
}

function SsoForm({ saved, configured }: { saved: Settings; configured: boolean }) {
  const update = useUpdateSettings();
  const form = useForm({ resolver: zodResolver(ssoFormSchema), values: toSsoFormValues(saved) });
  const {
    register,
    formState: { errors, isDirty },
  } = form;

  const onSubmit = form.handleSubmit((values) => update.mutate(values, savedToasts));

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6">
      <fieldset disabled={!configured} className="grid min-w-0 gap-6 disabled:opacity-60">
        <Section title="Acceso">
          <Toggle
            label="Solo inicio de sesión único"
            hint="Nadie ingresa con contraseña ni con enlace por correo, salvo los administradores: su acceso de emergencia, en «Acceso de administrador», si el proveedor falla. Al activarlo se revocan los tokens personales de API de los demás, que no podrán crear otros."
            {...register('ssoOnly')}
          />
        </Section>
        <Section title="Cuentas nuevas">
          <Toggle
            label="Crear cuentas al ingresar"
            hint="Quien no tiene cuenta y trae un correo verificado de un dominio permitido se crea como Usuario en su primer ingreso."
            {...register('ssoJitEnabled')}
          />
          <FormField
            label="Dominios para crear cuentas"
            hint="Separados por comas o en líneas distintas, por ejemplo: empresa.pe"
            error={errors.ssoJitDomains?.message}
          >
            <Textarea rows={2} autoComplete="off" {...register('ssoJitDomains')} />
          </FormField>
        </Section>
      </fieldset>

      <SaveButton
        label="Guardar inicio de sesión único"
        pending={update.isPending}
        disabled={!configured || !isDirty}
      />
    </form>
  );
}
