import { Clock } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A tab whose content arrives in a later issue. */
export function ComingSoonCard({ title }: { title: string }) {
  return (
    <Card>
      <CardHeader className="items-center py-10 text-center">
        <Clock aria-hidden="true" className="size-8 text-muted-foreground" />
        <CardTitle>{title}</CardTitle>
        <CardDescription>Disponible próximamente</CardDescription>
      </CardHeader>
    </Card>
  );
}
