import type { Share } from '@common/schemas/dashboard';
import { X } from 'lucide-react';
import { ReportSection } from '@/components/report-sections';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@common/date-format';
import { useRevokeShare } from '../api/revoke-share';
import { PERMISSION_LABELS } from '../lib/share-form';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/** Who the leader's APPA is shared with now, each with 'Revocar'. */
export function ShareList({ shares }: { shares: readonly Share[] }) {
  const timeZone = useOrganisationTimeZone();
  const revoke = useRevokeShare();
  return (
    <ReportSection title="Compartido con">
      {shares.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aún no has compartido este APPA.</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {shares.map((share) => (
            <li
              key={share.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words">{share.sharedWith.fullName}</p>
                <p className="text-muted-foreground">
                  {PERMISSION_LABELS[share.permission]}
                  {share.expiresAt
                    ? ` · vence el ${formatDateTime(share.expiresAt, timeZone)}`
                    : ''}
                </p>
              </div>
              {share.abilities.revoke ? (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Revocar acceso de ${share.sharedWith.fullName}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(share.id)}
                >
                  <X aria-hidden="true" />
                  Revocar
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </ReportSection>
  );
}
