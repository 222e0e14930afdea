import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { loggerOptions, redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides sign-in tokens and signatures, and keeps everything else', () => {
    expect(redactUrl('/auth/verify?token=abc123')).toBe('/auth/verify?token=REDACTED');
    expect(redactUrl('/api/objects/upload/k1?expires=1790000000&signature=f00d')).toBe(
      '/api/objects/upload/k1?expires=1790000000&signature=REDACTED',
    );
    expect(redactUrl('/x?X-Amz-Signature=s&X-Amz-Credential=c&a=1')).toBe(
      '/x?X-Amz-Signature=REDACTED&X-Amz-Credential=REDACTED&a=1',
    );
    expect(redactUrl('/api/appa?weekStart=2026-11-16')).toBe('/api/appa?weekStart=2026-11-16');
    expect(redactUrl('/api/appa')).toBe('/api/appa');
  });

  it('hides what a single sign-on provider sends back, and keeps the issuer', () => {
    expect(
      redactUrl(
        '/api/auth/oidc/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fidp&session_state=s5',
      ),
    ).toBe(
      '/api/auth/oidc/callback?code=REDACTED&state=REDACTED&iss=https%3A%2F%2Fidp&session_state=REDACTED',
    );
    expect(
      redactUrl(
        '/api/auth/oidc/callback?error=access_denied&error_description=hola&id_token=ey&access_token=at',
      ),
    ).toBe(
      '/api/auth/oidc/callback?error=access_denied&error_description=REDACTED&id_token=REDACTED&access_token=REDACTED',
    );
  });
});

/** What an app logs while `run` uses it. */
async function logged(run: (t: TestApp) => unknown): Promise<string> {
  const lines: string[] = [];
  const t = await buildTestApp(
    {},
    { logger: loggerOptions('info', { stream: { write: (line) => void lines.push(line) } }) },
  );
  try {
    await run(t);
  } finally {
    await t.close();
  }
  return lines.join('');
}

describe('the request log', () => {
  it('never writes a sign-in token, an upload signature or a session header', async () => {
    const log = await logged(async (t) => {
      await t.app.inject({ method: 'GET', url: '/auth/verify?token=s3cr3t-token' });
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/oidc/callback?code=s3cr3t-code&state=s3cr3t-state',
      });
      await t.app.inject({
        method: 'PUT',
        url: '/api/objects/upload/k1?expires=1790000000&signature=s3cr3t-sig',
        payload: 'x',
      });
      await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: 'Bearer s3cr3t-bearer', cookie: 'appa_session=s3cr3t-cookie' },
      });
    });
    expect(log).toContain('/auth/verify?token=REDACTED');
    expect(log).toContain('signature=REDACTED');
    expect(log).not.toContain('s3cr3t');
  });
});

describe('the error log', () => {
  it('never writes the values of a failed query', async () => {
    const log = await logged((t) => {
      const cause = Object.assign(new Error('duplicate key value'), { code: '23505' });
      const error = new DrizzleQueryError(
        'insert into "webhook_endpoints" ("url", "secret") values ($1, $2)',
        ['https://hooks.example.com/', 'whsec_s3cr3t\nline'],
        cause,
      );
      t.app.log.error({ err: error }, 'unhandled error');
    });
    expect(log).not.toContain('s3cr3t');
    expect(log).toContain('Failed query: insert into');
    expect(log).toContain('duplicate key value');
    expect(log).toContain('23505');
  });
});
