import { ROLE_LABELS, ROLES, TIMEZONES } from '@common/roles';
import type { User } from '@common/schemas/auth';
import { createUserSchema, type CreateUserInput } from '@common/schemas/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { compareSpanish } from '@common/text';

type UserFormOutput = z.output<typeof createUserSchema>;
export type UserForm = UseFormReturn<CreateUserInput, unknown, UserFormOutput>;

const EMPTY: CreateUserInput = {
  email: '',
  fullName: '',
  cargo: '',
  role: 'USER',
  timezone: 'America/Lima',
  managerId: null,
  unidadOrganizacional: '',
};

/** The create and edit forms share the fields and the schema (createUserSchema's messages). */
export function useUserForm(user?: User) {
  const form: UserForm = useForm({
    resolver: zodResolver(createUserSchema),
    defaultValues: user
      ? {
          email: user.email,
          fullName: user.fullName,
          cargo: user.cargo ?? '',
          role: user.role,
          timezone: user.timezone as CreateUserInput['timezone'],
          managerId: user.managerId,
          unidadOrganizacional: user.unidadOrganizacional ?? '',
        }
      : EMPTY,
  });
  const [email, fullName] = useWatch({ control: form.control, name: ['email', 'fullName'] });
  // The button waits until both required fields hold something.
  const requiredFilled = Boolean(email?.trim() && fullName?.trim());
  return { form, requiredFilled };
}

/**
 * Email, name, cargo, role, timezone, Responsable and Unidad organizacional. `people` feeds the
 * Responsable list; `editingId` leaves the edited person out of it.
 */
export function UserFormFields({
  form,
  people,
  editingId,
}: {
  form: UserForm;
  people: readonly Pick<User, 'id' | 'fullName' | 'email'>[];
  editingId?: string;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const managers = people
    .filter((p) => p.id !== editingId)
    .toSorted((a, b) => compareSpanish(a.fullName, b.fullName));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Correo electrónico" error={errors.email?.message} className="sm:col-span-2">
        <Input type="email" autoComplete="off" {...register('email')} />
      </FormField>
      <FormField label="Nombre completo" error={errors.fullName?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...register('fullName')} />
      </FormField>
      <FormField label="Cargo" error={errors.cargo?.message}>
        <Input autoComplete="off" {...register('cargo')} />
      </FormField>
      <FormField label="Rol" error={errors.role?.message}>
        <NativeSelect {...register('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Zona horaria" error={errors.timezone?.message}>
        <NativeSelect {...register('timezone')}>
          {TIMEZONES.map((tz) => (
            <option key={tz} value={tz}>
              {tz}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Responsable (opcional)" error={errors.managerId?.message}>
        <NativeSelect
          {...register('managerId', { setValueAs: (v: unknown) => (v ? String(v) : null) })}
        >
          <option value="">Sin responsable</option>
          {managers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.fullName}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Unidad organizacional (opcional)"
        error={errors.unidadOrganizacional?.message}
        className="sm:col-span-2"
      >
        <Input autoComplete="off" {...register('unidadOrganizacional')} />
      </FormField>
    </div>
  );
}
