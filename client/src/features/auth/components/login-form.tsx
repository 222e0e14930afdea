import { loginSchema, type LoginInput } from '@common/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';

/** Usuario and Contraseña with the common login schema; each screen decides what submit does. */
export function LoginForm({
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** A failure to show inside the form, when the screen reports it inline. */
  error?: string | null;
  onSubmit: (values: LoginInput) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormField label="Usuario" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...register('username')}
        />
      </FormField>
      <FormField label="Contraseña" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      <FormErrorAlert message={error} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
