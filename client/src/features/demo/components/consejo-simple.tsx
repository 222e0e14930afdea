import { useSignedInUser } from '@/lib/api/get-current-user';
import { ControlPage } from './control-page';

/** /consejo-simple (CONSEJO and ADMIN): the week's figures; an administrator also gets the actions. */
export function ConsejoSimple() {
  const user = useSignedInUser();
  return (
    <ControlPage
      title="Consejo"
      description="Resumen en vivo de la semana en toda la organización."
      isAdmin={user.abilities.administer}
    />
  );
}
