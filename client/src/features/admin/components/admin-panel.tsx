import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeading } from '@/components/page-heading';
import { useSignedInUser } from '@/lib/api/get-current-user';

/** /admin: the administrator panel (its tabs arrive with document 2). */
export function AdminPanel() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeading title="Panel Administrativo" description={`Bienvenido, ${user.fullName}`} />
      <Card>
        <CardHeader>
          <CardTitle>Administración</CardTitle>
          <CardDescription>
            La gestión de usuarios, recordatorios y revisión de reportes estará disponible pronto.
          </CardDescription>
        </CardHeader>
      </Card>
    </>
  );
}
