import type { Report } from '@common/schemas/report';
import { percent } from '@common/percent';
import { CircleCheck, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@common/date-format';
import { formatKilobytes } from '@/lib/format';
import { FileRow } from '@/components/file-row';
import { fileDownloadUrl } from '@/lib/api/download-file';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Text({ value }: { value: string }) {
  return value ? (
    <p className="text-sm break-words whitespace-pre-wrap">{value}</p>
  ) : (
    <p className="text-sm text-muted-foreground italic">Sin información</p>
  );
}

/** A sent report is final: the author sees it, with its attachments, and cannot change it. */
export function SentReport({ report, timeZone }: { report: Report; timeZone: string }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="flex items-center gap-2 rounded-md border border-success/40 bg-success/5 px-3 py-2 text-sm font-medium text-success">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        {report.submittedAt
          ? `Enviado el ${formatDateTime(report.submittedAt, timeZone)}`
          : 'Enviado'}
      </p>

      <Section title="Avances">
        <Text value={report.avances} />
      </Section>
      <Section title="Planes">
        <Text value={report.planes} />
      </Section>
      <Section title="Problemas">
        <Text value={report.problemas} />
      </Section>
      <Section title="Ayuda">
        <Text value={report.ayuda} />
      </Section>

      <Section title="KPIs y Métricas">
        <div className="grid gap-3 rounded-lg border bg-muted/30 p-4">
          <Text value={report.kpiNombre} />
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-muted-foreground">Meta (%)</dt>
              <dd className="font-medium">{percent(report.kpiMetaPct)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Logro (%)</dt>
              <dd className="font-medium">{percent(report.kpiLogroPct)}</dd>
            </div>
          </dl>
        </div>
      </Section>

      <Section title="Archivos adjuntos">
        {report.files.length === 0 ? (
          <p className="text-sm text-muted-foreground italic">Sin archivos adjuntos</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2">
            {report.files.map((file) => (
              <FileRow
                key={file.id}
                fileName={file.fileName}
                size={formatKilobytes(file.sizeBytes)}
                href={fileDownloadUrl(file.id)}
                action={
                  <Download aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                }
              />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
