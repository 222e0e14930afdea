import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './adapters/storage/s3';

const optionalUrl = (name: string) =>
  z
    .string()
    .url(`${name} debe ser una URL completa (por ejemplo https://appa.example.com)`)
    .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'PORT debe ser un número de puerto' })
      .int('PORT debe ser un número entero')
      .min(1, 'PORT debe estar entre 1 y 65535')
      .max(65535, 'PORT debe estar entre 1 y 65535')
      .default(5000),
    HOST: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar por postgres:// o postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    PUBLIC_SITE_URL: optionalUrl('PUBLIC_SITE_URL'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL debe empezar por smtp:// o smtps://')
      .optional(),
    MAIL_FROM: z.string().optional(),
    APPA_JOBS: z.enum(['0', '1'], { error: 'APPA_JOBS debe ser 0 o 1' }).default('1'),
    API_DOCS_PUBLIC: z.enum(['0', '1'], { error: 'API_DOCS_PUBLIC debe ser 0 o 1' }).default('0'),
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(['0', '1'], { error: 'WEBHOOK_ALLOW_PRIVATE debe ser 0 o 1' })
      .default('0'),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ error: 'SHUTDOWN_GRACE_SECONDS debe ser un número de segundos' })
      .int('SHUTDOWN_GRACE_SECONDS debe ser un número entero de segundos')
      .min(1, 'SHUTDOWN_GRACE_SECONDS debe ser al menos 1')
      .max(600, 'SHUTDOWN_GRACE_SECONDS debe ser como mucho 600')
      .default(25),
    SMTP_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'SMTP_TIMEOUT_SECONDS debe ser un número de segundos' })
      .int('SMTP_TIMEOUT_SECONDS debe ser un número entero de segundos')
      .min(1, 'SMTP_TIMEOUT_SECONDS debe ser al menos 1')
      .max(300, 'SMTP_TIMEOUT_SECONDS debe ser como mucho 300')
      .default(15),
    APPA_ADMIN_USERNAME: z
      .string()
      .regex(/^[a-z0-9._-]{3,60}$/i, 'APPA_ADMIN_USERNAME: 3 a 60 letras, números, . _ o -')
      .optional(),
    APPA_ADMIN_PASSWORD: z
      .string()
      .min(8, 'APPA_ADMIN_PASSWORD debe tener al menos 8 caracteres')
      .max(128)
      .optional(),
    APPA_DEMO: z.enum(['0', '1'], { error: 'APPA_DEMO debe ser 0 o 1' }).optional(),
    S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['0', '1'], { error: 'S3_FORCE_PATH_STYLE debe ser 0 o 1' })
      .optional(),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'TRUST_PROXY debe ser un número de proxies (0, 1, 2…) o una lista de direcciones o redes (10.0.0.0/8,192.168.1.5)',
      )
      .default('0'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    REQUEST_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'REQUEST_TIMEOUT_SECONDS debe ser un número de segundos' })
      .int('REQUEST_TIMEOUT_SECONDS debe ser un número entero de segundos')
      .min(1, 'REQUEST_TIMEOUT_SECONDS debe ser al menos 1')
      .default(120),
    SHARED_VIEWS_LAG_MS: z.coerce
      .number({ error: 'SHARED_VIEWS_LAG_MS debe ser un número de milisegundos' })
      .int('SHARED_VIEWS_LAG_MS debe ser un número entero de milisegundos')
      .min(0, 'SHARED_VIEWS_LAG_MS no puede ser negativo')
      .max(10_000, 'SHARED_VIEWS_LAG_MS debe ser como mucho 10000 (10 segundos)')
      .default(1000),
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ error: 'AUDIT_RETENTION_DAYS debe ser un número de días' })
      .int('AUDIT_RETENTION_DAYS debe ser un número entero de días')
      .min(30, 'AUDIT_RETENTION_DAYS debe ser al menos 30')
      .default(400),
    METRICS_PORT: z.coerce
      .number({ error: 'METRICS_PORT debe ser un número de puerto' })
      .int('METRICS_PORT debe ser un número entero')
      .min(1, 'METRICS_PORT debe estar entre 1 y 65535')
      .max(65535, 'METRICS_PORT debe estar entre 1 y 65535')
      .optional(),
    // Long enough that guessing is hopeless; visible characters only, as a header carries them.
    METRICS_TOKEN: z
      .string()
      .regex(
        /^[\x21-\x7e]{32,200}$/,
        'METRICS_TOKEN debe tener entre 32 y 200 caracteres, sin espacios (por ejemplo, la salida de `openssl rand -hex 32`)',
      )
      .optional(),
    OIDC_ISSUER: optionalUrl('OIDC_ISSUER'),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_SCOPES: z
      .string()
      .regex(
        /^\s*(\S+\s+)*openid(\s+\S+)*\s*$/,
        'OIDC_SCOPES debe ser una lista separada por espacios que incluya openid (por ejemplo "openid email profile")',
      )
      .default('openid email profile'),
    OIDC_BUTTON_LABEL: z
      .string()
      .max(60, 'OIDC_BUTTON_LABEL debe tener como mucho 60 caracteres')
      .optional(),
    LIVE_STREAMS_MAX: z.coerce
      .number({ error: 'LIVE_STREAMS_MAX debe ser un número' })
      .int('LIVE_STREAMS_MAX debe ser un número entero')
      .min(1, 'LIVE_STREAMS_MAX debe ser al menos 1')
      .default(1000),
  })
  .refine((env) => !env.S3_BUCKET || (env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_BUCKET requiere también S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY',
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((env) => env.S3_BUCKET || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID), {
    message: 'S3_BUCKET es obligatorio cuando se configura S3',
    path: ['S3_BUCKET'],
  })
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
    message: 'METRICS_PORT debe ser distinto de PORT',
    path: ['METRICS_PORT'],
  })
  .refine((env) => !env.APPA_ADMIN_PASSWORD || env.APPA_ADMIN_USERNAME, {
    message: 'APPA_ADMIN_PASSWORD requiere también APPA_ADMIN_USERNAME',
    path: ['APPA_ADMIN_USERNAME'],
  })
  .refine((env) => !env.OIDC_ISSUER || env.OIDC_CLIENT_ID, {
    message:
      'OIDC_ISSUER requiere también OIDC_CLIENT_ID (el identificador de APPA en el proveedor)',
    path: ['OIDC_CLIENT_ID'],
  })
  .refine((env) => env.OIDC_ISSUER || !(env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET), {
    message: 'OIDC_ISSUER es obligatorio cuando se configura el inicio de sesión único',
    path: ['OIDC_ISSUER'],
  })
  // The provider sends the browser back to PUBLIC_URL/api/auth/oidc/callback, registered there.
  .refine((env) => !env.OIDC_ISSUER || env.PUBLIC_URL, {
    message:
      'OIDC_ISSUER requiere también PUBLIC_URL: la dirección de retorno registrada en el proveedor es PUBLIC_URL/api/auth/oidc/callback',
    path: ['PUBLIC_URL'],
  })
  // Tokens and keys travel from the provider: only a provider on this very machine may use http.
  .refine((env) => !env.OIDC_ISSUER || isHttpsOrLoopback(env.OIDC_ISSUER), {
    message:
      'OIDC_ISSUER debe usar https:// (http:// solo se acepta para un proveedor en esta misma máquina: localhost, 127.0.0.1 o [::1])',
    path: ['OIDC_ISSUER'],
  })
  // Every e-mail links to APPA: without its public address they would point at localhost.
  .refine((env) => !env.SMTP_URL || env.PUBLIC_URL, {
    message:
      'SMTP_URL requiere también PUBLIC_URL (la dirección con la que las personas abren APPA, por ejemplo https://appa.empresa.pe): sin ella los enlaces de los correos apuntarían a localhost',
    path: ['PUBLIC_URL'],
  });

function isHttpsOrLoopback(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Single sign-on through an OpenID Connect provider (authorization code flow with PKCE). */
export interface OidcConfig {
  issuer: URL;
  clientId: string;
  /** Unset: a public client, which proves itself by PKCE alone. */
  clientSecret: string | undefined;
  scopes: string;
  /** The provider's name on the sign-in pages: 'Ingresar con {buttonLabel}'. */
  buttonLabel: string;
  /** Where the provider sends the browser back: PUBLIC_URL/api/auth/oidc/callback. */
  redirectUri: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** The address to listen on; unset: loopback for a demo database, every address otherwise. */
  host: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string | undefined;
  publicSiteUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * How long the SMTP server may take to accept a connection, greet, or answer a command: past
   * it, the e-mail fails (and is tried again) rather than holding what sends it.
   */
  smtpTimeoutMs: number;
  /**
   * Whether this process runs the scheduled jobs (reminders, digests, summaries, the mail queue's
   * retries, housekeeping). Off for a copy that must not write to anyone (a restored backup being
   * checked) or for instances that only serve requests.
   */
  jobsEnabled: boolean;
  /** The API's description (/api/openapi.json, /api/docs) for anyone, not only administrators. */
  apiDocsPublic: boolean;
  /**
   * Webhooks may go to loopback and private addresses, and over plain http: for receivers on the
   * organisation's own network, and for tests. Off, only https to public addresses.
   */
  webhookAllowPrivate: boolean;
  /** On SIGTERM, how long requests in flight have to finish before the process exits anyway. */
  shutdownGraceMs: number;
  mailFrom: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /**
   * Whether an empty database is filled with the demo organisation: a first look (the embedded
   * database, no APPA_ADMIN_*) unless APPA_DEMO=0, or whenever APPA_DEMO=1.
   */
  seedDemo: boolean;
  /**
   * Whether password-less demo sign-in may exist at all: never with a database server or a
   * configured administrator, whatever APPA_DEMO says. It also needs a demo database, a loopback
   * listening address and a request without proxy headers (services/demo.ts).
   */
  demoSignIn: boolean;
  logLevel: string;
  /** S3-compatible storage for attachments; unset: a folder under DATA_DIR. */
  s3: S3Settings | undefined;
  /**
   * Which proxies' X-Forwarded-For entries to believe, as Fastify's `trustProxy` takes it: false
   * (none), a hop count, or the proxies' addresses and networks. Never `true`, which would believe
   * the left-most entry, written by the client.
   */
  trustProxy: false | number | string[];
  /**
   * Where Prometheus metrics are served: on a listener of their own at `port` (on the same address
   * as the server), else on the main port at /metrics with `Authorization: Bearer <token>`; a
   * token set with a port is required there too. Unset: metrics are neither kept nor served.
   */
  metrics: { port: number | undefined; token: string | undefined } | undefined;
  /** Live-update streams one instance holds open at most; each is an open connection. */
  liveStreamsMax: number;
  /**
   * How long a client may take to send a whole request (headers and body) before the server
   * answers 408 and closes the connection: a slow sender cannot hold a connection forever.
   */
  requestTimeoutMs: number;
  /** Days the audit log keeps a row; older ones are deleted by the hourly housekeeping. */
  auditRetentionDays: number;
  /**
   * How long the views many people watch (the panel's week, the dashboards, the trends) may lag a
   * report written by someone else: they are computed again at most this often while writes pour
   * in. 0 computes them after every write.
   */
  sharedViewsLagMs: number;
  /** Single sign-on; unset: people sign in with APPA's own password and links only. */
  oidc: OidcConfig | undefined;
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((entry) => entry.trim());
}

/** Reads and validates the environment; throws a ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'entorno'}: ${issue.message}`,
    );
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Nothing configured: someone trying APPA on their own machine.
  const firstLook = !e.DATABASE_URL && !e.APPA_ADMIN_USERNAME;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    publicSiteUrl: e.PUBLIC_SITE_URL,
    smtpUrl: e.SMTP_URL,
    smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
    jobsEnabled: e.APPA_JOBS === '1',
    apiDocsPublic: e.API_DOCS_PUBLIC === '1',
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    mailFrom: e.MAIL_FROM,
    adminUsername: e.APPA_ADMIN_USERNAME,
    adminPassword: e.APPA_ADMIN_PASSWORD,
    seedDemo: e.APPA_DEMO === '1' || (firstLook && e.APPA_DEMO !== '0'),
    demoSignIn: firstLook && e.APPA_DEMO !== '0',
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metrics:
      e.METRICS_PORT !== undefined || e.METRICS_TOKEN !== undefined
        ? { port: e.METRICS_PORT, token: e.METRICS_TOKEN }
        : undefined,
    liveStreamsMax: e.LIVE_STREAMS_MAX,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    sharedViewsLagMs: e.SHARED_VIEWS_LAG_MS,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.PUBLIC_URL
        ? {
            issuer: new URL(e.OIDC_ISSUER),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            scopes: e.OIDC_SCOPES.trim().split(/\s+/).join(' '),
            buttonLabel: e.OIDC_BUTTON_LABEL?.trim() || new URL(e.OIDC_ISSUER).hostname,
            redirectUri: `${e.PUBLIC_URL.replace(/\/$/, '')}/api/auth/oidc/callback`,
          }
        : undefined,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // A custom endpoint (MinIO and the like) usually wants path-style addressing.
            forcePathStyle: e.S3_FORCE_PATH_STYLE
              ? e.S3_FORCE_PATH_STYLE === '1'
              : Boolean(e.S3_ENDPOINT),
          }
        : undefined,
  };
}
