import type { SharedSubmission } from '@common/schemas/dashboard';
import { Eye, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { formatDateTime } from '@common/date-format';
import { PERMISSION_LABELS } from '../lib/share-form';
import { LeaderSharedReport, type CommentsComponent } from './leader-shared-report';
import { ListRow } from '@/components/list-row';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

type Opened = { submission: SharedSubmission; comment: boolean };

/** APPAs Compartidos of /lider: what other leaders shared with the viewer, with Ver and Comentar. */
export function LeaderSharedList({
  shared,
  comments,
}: {
  shared: readonly SharedSubmission[];
  comments: CommentsComponent;
}) {
  const timeZone = useOrganisationTimeZone();
  const [opened, setOpened] = useState<Opened | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>APPAs Compartidos</CardTitle>
        <CardDescription>Los APPAs que otros líderes compartieron contigo</CardDescription>
      </CardHeader>
      <CardContent>
        {shared.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No hay APPAs compartidos contigo esta semana.
          </p>
        ) : (
          <ul aria-label="APPAs compartidos contigo" className="divide-y rounded-lg border">
            {shared.map((s) => {
              const canComment = s.abilities.comment;
              return (
                <ListRow
                  key={s.share.id}
                  title={s.user.fullName}
                  subtitle={`${PERMISSION_LABELS[s.share.permission]}${s.share.expiresAt ? ` · hasta el ${formatDateTime(s.share.expiresAt, timeZone)}` : ''}`}
                >
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Ver APPA de ${s.user.fullName}`}
                    onClick={() => setOpened({ submission: s, comment: false })}
                  >
                    <Eye aria-hidden="true" />
                    Ver
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Comentar APPA de ${s.user.fullName}`}
                    title={canComment ? undefined : 'Solo lectura'}
                    disabled={!canComment}
                    onClick={() => setOpened({ submission: s, comment: true })}
                  >
                    <MessageSquare aria-hidden="true" />
                    Comentar
                  </Button>
                </ListRow>
              );
            })}
          </ul>
        )}
      </CardContent>
      <Dialog open={opened !== null} onOpenChange={(next) => (next ? null : setOpened(null))}>
        {opened ? (
          <DialogContent className="sm:max-w-2xl">
            <LeaderSharedReport
              submission={opened.submission}
              focusComment={opened.comment}
              comments={comments}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
