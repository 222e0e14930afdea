import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: undefined,
      databaseUrl: undefined,
      seedDemo: true,
      demoSignIn: true,
      trustProxy: false,
      sharedViewsLagMs: 1000,
      jobsEnabled: true,
      shutdownGraceMs: 25_000,
      smtpTimeoutMs: 15_000,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('turns the scheduled jobs off with APPA_JOBS=0, and takes the shutdown grace', () => {
    expect(loadConfig({ APPA_JOBS: '0', SHUTDOWN_GRACE_SECONDS: '40' })).toMatchObject({
      jobsEnabled: false,
      shutdownGraceMs: 40_000,
    });
    expect(() => loadConfig({ APPA_JOBS: 'no' })).toThrow('APPA_JOBS debe ser 0 o 1');
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });

  it('serves no metrics unless METRICS_PORT or METRICS_TOKEN asks, and checks both', () => {
    const token = 'a'.repeat(32);
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ port: undefined, token });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, token: undefined });
    for (const port of ['nueve', '0', '70000', '94.5'])
      expect(() => loadConfig({ METRICS_PORT: port })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '5000', METRICS_PORT: '5000' })).toThrow(
      'METRICS_PORT debe ser distinto de PORT',
    );
    for (const bad of ['corto', `${'a'.repeat(31)}`, `${'a'.repeat(20)} ${'b'.repeat(20)}`])
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN debe tener/);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'cinco' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'cinco' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'appa.example.com' })).toThrow(/PUBLIC_URL/);
    for (const lag of ['un segundo', '-1', '1.5', '10001'])
      expect(() => loadConfig({ SHARED_VIEWS_LAG_MS: lag })).toThrow(/SHARED_VIEWS_LAG_MS/);
    expect(loadConfig({ SHARED_VIEWS_LAG_MS: '0' }).sharedViewsLagMs).toBe(0);
    expect(() => loadConfig({ APPA_ADMIN_PASSWORD: 'una clave larga' })).toThrow(
      /APPA_ADMIN_USERNAME/,
    );
    expect(() =>
      loadConfig({ APPA_ADMIN_USERNAME: 'admin', APPA_ADMIN_PASSWORD: 'corta' }),
    ).toThrow(/APPA_ADMIN_PASSWORD/);
  });

  it('turns demo mode off with a database server, a configured administrator or APPA_DEMO=0', () => {
    const admin = { APPA_ADMIN_USERNAME: 'admin', APPA_ADMIN_PASSWORD: 'una clave larga' };
    const server = { DATABASE_URL: 'postgres://u@h/db' };
    const demo = (env: NodeJS.ProcessEnv) => {
      const { seedDemo, demoSignIn } = loadConfig(env);
      return { seedDemo, demoSignIn };
    };
    expect(demo(server)).toEqual({ seedDemo: false, demoSignIn: false });
    expect(demo(admin)).toEqual({ seedDemo: false, demoSignIn: false });
    expect(demo({ APPA_DEMO: '0' })).toEqual({ seedDemo: false, demoSignIn: false });
    // APPA_DEMO=1 fills an empty database with the demo organisation, but never opens
    // password-less sign-in next to a configured administrator or a database server.
    expect(demo({ ...admin, APPA_DEMO: '1' })).toEqual({ seedDemo: true, demoSignIn: false });
    expect(demo({ ...server, APPA_DEMO: '1' })).toEqual({ seedDemo: true, demoSignIn: false });
    expect(demo({ APPA_DEMO: '1' })).toEqual({ seedDemo: true, demoSignIn: true });
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, never as "believe anything"', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses SMTP without the public address the e-mails link to', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://correo.empresa.pe' })).toThrow(
      /SMTP_URL requiere también PUBLIC_URL/,
    );
    expect(
      loadConfig({ SMTP_URL: 'smtp://correo.empresa.pe', PUBLIC_URL: 'https://appa.empresa.pe' })
        .smtpTimeoutMs,
    ).toBe(15_000);
    expect(() => loadConfig({ SMTP_TIMEOUT_SECONDS: '0' })).toThrow(/SMTP_TIMEOUT_SECONDS/);
  });

  it('reads single sign-on, with its defaults, and refuses what would not work', () => {
    const sso = {
      PUBLIC_URL: 'https://appa.empresa.pe/',
      OIDC_ISSUER: 'https://login.empresa.pe/realms/personal',
      OIDC_CLIENT_ID: 'appa',
    };
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig(sso).oidc).toEqual({
      issuer: new URL(sso.OIDC_ISSUER),
      clientId: 'appa',
      clientSecret: undefined,
      scopes: 'openid email profile',
      buttonLabel: 'login.empresa.pe',
      redirectUri: 'https://appa.empresa.pe/api/auth/oidc/callback',
    });
    expect(
      loadConfig({ ...sso, OIDC_SCOPES: ' openid  email ', OIDC_BUTTON_LABEL: 'Microsoft' }).oidc,
    ).toMatchObject({ scopes: 'openid email', buttonLabel: 'Microsoft' });
    expect(() => loadConfig({ ...sso, OIDC_CLIENT_ID: '' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'appa' })).toThrow(/OIDC_ISSUER es obligatorio/);
    expect(() => loadConfig({ ...sso, PUBLIC_URL: '' })).toThrow(
      /OIDC_ISSUER requiere también PUBLIC_URL/,
    );
    expect(() => loadConfig({ ...sso, OIDC_SCOPES: 'email profile' })).toThrow(/incluya openid/);
    // Plain http only for a provider on this machine.
    expect(() => loadConfig({ ...sso, OIDC_ISSUER: 'http://login.empresa.pe' })).toThrow(
      /OIDC_ISSUER debe usar https/,
    );
    expect(loadConfig({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer.href).toBe(
      'http://127.0.0.1:9000/',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
    });
  });
});

describe('S3 settings', () => {
  it('are all or nothing, naming what is missing', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: 'appa' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(
      loadConfig({
        S3_BUCKET: 'appa',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).s3,
    ).toMatchObject({ bucket: 'appa', region: 'us-east-1', forcePathStyle: true });
  });
});
