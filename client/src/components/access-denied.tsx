import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Shown to a signed-in person who opened a page that is not for their role; `message` says who the
 * page is for.
 */
export function AccessDenied({
  homePath,
  message = 'No tienes permiso para acceder a esta página.',
}: {
  homePath: string;
  message?: string;
}) {
  return (
    <Card className="mx-auto w-full max-w-md text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlert aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="mt-2 text-2xl">
          Acceso Denegado
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={homePath}>Ir a mi página</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
