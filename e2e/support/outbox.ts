import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The path and query of the newest `page?token=` link e-mailed to `email`, as the test server's
 * outbox holds it; undefined while no such e-mail was written.
 */
export function mailedLink(email: string, page: string): string | undefined {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '/tmp/appa-e2e-data', 'outbox');
  const pattern = new RegExp(`https?://\\S+${page.replace(/[/?]/g, '\\$&')}\\?token=[\\w-]+`);
  const link = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`))
    // Quoted-printable folds long lines and writes '=' as '=3D'.
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .reverse()
    .map((m) => m.match(pattern)?.[0])
    .find(Boolean);
  return link ? new URL(link).pathname + new URL(link).search : undefined;
}
