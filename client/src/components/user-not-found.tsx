import { UserX } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The personal link and the report page of a slug nobody has. */
export function UserNotFound({ slug }: { slug: string }) {
  return (
    <Card className="mx-auto w-full max-w-md text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <UserX aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="mt-2 text-2xl">
          Usuario no encontrado
        </CardTitle>
        <CardDescription className="break-words">
          No se encontró el usuario con identificador: {slug}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
