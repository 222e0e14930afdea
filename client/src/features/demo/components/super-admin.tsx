import { ControlPage } from './control-page';

/** /super-admin (ADMIN): the control page with every administrator action. */
export function SuperAdmin() {
  return (
    <ControlPage
      title="Super Admin"
      description="Cifras en vivo de la organización y acciones de administración."
      isAdmin
    />
  );
}
