import { FileQuestion } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';

export function TestRoute() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Test Route Works!</h1>
      <p className="mt-2 text-muted-foreground">This page is working correctly.</p>
    </main>
  );
}

export function DebugRoute() {
  const { slug = '' } = useParams();
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Debug</h1>
      <p className="mt-2">
        Slug: <code className="rounded bg-muted px-1.5 py-0.5">{slug}</code>
      </p>
    </main>
  );
}

export function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4 text-center">
      <div>
        <FileQuestion aria-hidden="true" className="mx-auto size-12 text-muted-foreground" />
        <h1 className="mt-4 text-3xl font-bold">Página no encontrada</h1>
        <p className="mt-2 text-muted-foreground">La página que buscas no existe.</p>
        {/* The product's specification names the page by these words; kept, below the Spanish. */}
        <p className="mt-1 text-xs text-muted-foreground">Error 404 · Page Not Found</p>
        <Button asChild className="mt-6">
          <Link to="/">Ir al inicio</Link>
        </Button>
      </div>
    </main>
  );
}
