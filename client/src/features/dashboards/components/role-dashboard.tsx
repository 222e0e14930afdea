import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeading } from '@/components/page-heading';
import { useSignedInUser } from '@/lib/api/get-current-user';

/** A role's dashboard (/consejo, /vp, /gerente, /lider); its content arrives with document 2. */
export function RoleDashboard({ title, children }: { title: string; children?: ReactNode }) {
  const user = useSignedInUser();
  return (
    <>
      <PageHeading title={title} description={`Bienvenido, ${user.fullName}`} />
      {children}
      <Card>
        <CardHeader>
          <CardTitle>Reportes de tu área</CardTitle>
          <CardDescription>
            Los reportes semanales de tu área estarán disponibles pronto.
          </CardDescription>
        </CardHeader>
      </Card>
    </>
  );
}
