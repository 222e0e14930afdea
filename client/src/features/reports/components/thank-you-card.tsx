import { CircleCheck, LoaderCircle, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Shown after sending, while the session closes by itself. */
export function ThankYouCard({ leaving, onLeave }: { leaving: boolean; onLeave: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="mx-auto w-full max-w-md text-center" data-testid="thank-you-card">
        <CardHeader className="items-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
            <CircleCheck aria-hidden="true" className="size-8" />
          </span>
          <CardTitle as="h1" className="mt-2 text-2xl">
            ¡Gracias!
          </CardTitle>
          <CardDescription className="text-base">
            Tu APPA ha sido enviado exitosamente
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button className="w-full" onClick={onLeave} disabled={leaving}>
            {leaving ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            Salir del Sistema
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
