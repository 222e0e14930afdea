import fs from 'node:fs';
import path from 'node:path';
import { outboxDir } from '../adapters/mail';
import type { TestApp } from './helper';

/** The messages written to the outbox for `email`, oldest first, quoted-printable undone. */
export function mailsTo(t: Pick<TestApp, 'ctx'>, email: string): string[] {
  const dir = outboxDir(t.ctx.config);
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir)
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((m) => m.includes(`To: ${email}`))
      // Quoted-printable folds long lines and writes '=' as '=3D'.
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
  );
}

/** The token of the last `page?token=` link e-mailed to `email`. */
export function lastLinkToken(t: Pick<TestApp, 'ctx'>, email: string, page: string): string {
  const pattern = new RegExp(`${page.replace(/[/?]/g, '\\$&')}\\?token=([\\w-]+)`);
  const token = mailsTo(t, email).at(-1)?.match(pattern)?.[1];
  if (!token) throw new Error(`no ${page} link was mailed to ${email}`);
  return token;
}
