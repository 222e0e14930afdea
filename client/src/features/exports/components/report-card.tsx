import { REPORTS_MSG, type ReportFormat } from '@common/schemas/reports';
import { FileSpreadsheet, FileText } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { reportLinks, type ReportParams } from '../lib/report-links';

const FORMAT_BUTTONS: { format: ReportFormat; label: string; icon: LucideIcon; done: string }[] = [
  { format: 'txt', label: 'Descargar texto', icon: FileText, done: REPORTS_MSG.reportGenerated },
  { format: 'csv', label: 'Descargar CSV', icon: FileSpreadsheet, done: REPORTS_MSG.csvGenerated },
];

/**
 * A card of Reportes: its parameters and one download link per format. The links are plain
 * <a download> to the server (the session cookie authenticates); invalid parameters disable
 * them and say why, in the server's words.
 */
export function ReportCard({
  title,
  description,
  icon: Icon,
  params,
  children,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  params: ReportParams;
  children?: ReactNode;
}) {
  const errorId = useId();
  const result = reportLinks(params);
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2 text-lg">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto grid gap-4">
        {children}
        {!result.ok && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {result.message}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {FORMAT_BUTTONS.map(({ format, label, icon: FormatIcon, done }) =>
            result.ok ? (
              <Button key={format} asChild variant="outline" className="flex-1">
                <a
                  href={result.links[format]}
                  download
                  aria-label={`${label}: ${title}`}
                  onClick={() => toast({ title: done, description: REPORTS_MSG.downloadStarted })}
                >
                  <FormatIcon aria-hidden="true" />
                  {label}
                </a>
              </Button>
            ) : (
              <Button
                key={format}
                variant="outline"
                className="flex-1"
                disabled
                aria-describedby={errorId}
                aria-label={`${label}: ${title}`}
              >
                <FormatIcon aria-hidden="true" />
                {label}
              </Button>
            ),
          )}
        </div>
      </CardContent>
    </Card>
  );
}
