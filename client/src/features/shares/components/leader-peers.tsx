import type { Peer } from '@common/schemas/dashboard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Colaboración of /lider: the other leaders one can share an APPA with. */
export function LeaderPeers({ peers }: { peers: readonly Peer[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Colaboración</CardTitle>
        <CardDescription>Otros líderes con quienes puedes compartir tu APPA</CardDescription>
      </CardHeader>
      <CardContent>
        {peers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No hay otros líderes registrados.</p>
        ) : (
          <ul aria-label="Líderes pares" className="grid gap-2 sm:grid-cols-2">
            {peers.map((peer) => (
              <li key={peer.id} className="min-w-0 rounded-lg border px-3 py-2">
                <p className="text-sm font-medium break-words">{peer.fullName}</p>
                <p className="text-xs break-words text-muted-foreground">
                  {peer.cargo ?? 'Sin cargo'}
                  {peer.unidadOrganizacional ? ` · ${peer.unidadOrganizacional}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
