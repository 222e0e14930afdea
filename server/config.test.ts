import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
      demo: true,
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'cinco' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'cinco' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'appa.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ APPA_ADMIN_PASSWORD: 'una clave larga' })).toThrow(
      /APPA_ADMIN_USERNAME/,
    );
    expect(() =>
      loadConfig({ APPA_ADMIN_USERNAME: 'admin', APPA_ADMIN_PASSWORD: 'corta' }),
    ).toThrow(/APPA_ADMIN_PASSWORD/);
  });

  it('turns demo mode off with a database server or APPA_DEMO=0', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ APPA_DEMO: '0' }).demo).toBe(false);
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
