import { CircleAlert } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAutoLogin } from '../hooks/use-auto-login';

/**
 * /quick-admin: signs in as the demo administrator (demo mode only) and shows the board dashboard;
 * when the server refuses, an error panel with a way to the sign-in page.
 */
export function QuickAdmin() {
  const navigate = useNavigate();
  const onSuccess = useCallback(() => void navigate('/consejo', { replace: true }), [navigate]);
  const login = useAutoLogin({ onSuccess });

  if (!login.isError) return <FullPageSpinner />;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <CircleAlert className="size-6" aria-hidden="true" />
          </span>
          <CardTitle as="h1">Error de autenticación</CardTitle>
          <CardDescription>No se pudo acceder automáticamente</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/auth">Ir a iniciar sesión</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
