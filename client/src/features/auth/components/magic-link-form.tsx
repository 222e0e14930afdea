import { magicLinkRequestSchema, type MagicLinkRequest } from '@common/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, MailCheck, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useRequestMagicLink } from '../api/request-magic-link';

/** 'Acceder con email': asks for the address and e-mails a sign-in link. */
export function MagicLinkForm({ onBack }: { onBack: () => void }) {
  const request = useRequestMagicLink();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MagicLinkRequest>({
    resolver: zodResolver(magicLinkRequestSchema),
    defaultValues: { email: '' },
  });

  if (request.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <AlertDescription>{request.data.message}</AlertDescription>
        </Alert>
        <Button variant="outline" onClick={onBack}>
          Volver al inicio de sesión
        </Button>
      </div>
    );
  }

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error al enviar el enlace',
          description: error.message,
        }),
    }),
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <FormField
        label="Correo electrónico"
        hint="Te enviaremos un enlace para ingresar sin contraseña."
        error={errors.email?.message}
      >
        <Input type="email" autoComplete="email" autoCapitalize="none" {...register('email')} />
      </FormField>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {request.isPending ? 'Enviando...' : 'Enviar enlace'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Ingresar con usuario y contraseña
      </Button>
    </form>
  );
}
