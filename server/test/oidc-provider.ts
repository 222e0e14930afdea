import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type ClaimsParameterMember,
} from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`, certified), in this process on 127.0.0.1, for
 * the single sign-on tests: one confidential client, accounts the test adds, and a sign-in page
 * of its own ('Usuario', 'Ingresar al proveedor') that a browser fills and `signInAt` posts.
 * ID tokens live `idTokenSeconds` (60 by default), so that a test that moves APPA's clock a few
 * minutes gets one that has expired.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  /** Microsoft Entra ID's "e-mail domain owner verified". */
  xms_edov?: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account the sign-in page accepts by its `login`, which is its `sub`. */
  addAccount(login: string, claims: TestAccount): void;
  /**
   * Walks an authorization request through the provider as a browser would (its cookies, its
   * redirects, the sign-in form posted as `login`): answers the address it sends the browser back
   * to, with `code`, `state` and `iss`.
   */
  signInAt(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestProvider(options: {
  redirectUri: string;
  postLogoutRedirectUri: string;
  port?: number;
  idTokenSeconds?: number;
}): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'appa';
  const clientSecret = randomBytes(24).toString('base64url');

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-1', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    adapter: MemoryAdapter,
    ttl: {
      IdToken: options.idTokenSeconds ?? 60,
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['name'],
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, sub) {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, ...(claims as Record<string, ClaimsParameterMember>) }),
      };
    },
  });
  const callback = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="es"><head><title>Proveedor de prueba</title></head>
<body><main><h1>Proveedor de prueba</h1>
<form method="post" action="/interaction/${details.uid}">
<label>Usuario <input name="login" autocomplete="off"></label>
<button type="submit">Ingresar al proveedor</button>
</form></main></body></html>`);
      return;
    }
    const body = await new Promise<string>((resolve, reject) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => resolve(text));
      req.on('error', reject);
    });
    const login = new URLSearchParams(body).get('login') ?? '';
    if (!accounts.has(login)) {
      await provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'unknown account',
      });
      return;
    }
    const grant = new provider.Grant({
      accountId: login,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: login }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  handle = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(500).end(error instanceof Error ? error.message : 'error');
      });
      return;
    }
    void callback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(login, claims) {
      accounts.set(login, claims);
    },
    async signInAt(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.href.startsWith(options.redirectUri)) return url;
        const form = url.pathname.startsWith('/interaction/');
        const res = await fetch(url, {
          method: form ? 'POST' : 'GET',
          redirect: 'manual',
          headers: {
            cookie: cookieHeader(),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(form ? { body: new URLSearchParams({ login }).toString() } : {}),
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The provider's artefacts (codes, grants, sessions) in memory, one store per provider. */
const stores = new Map<string, Map<string, AdapterPayload>>();

class MemoryAdapter implements Adapter {
  private readonly items: Map<string, AdapterPayload>;
  constructor(name: string) {
    this.items = stores.get(name) ?? new Map<string, AdapterPayload>();
    stores.set(name, this.items);
  }
  async upsert(id: string, payload: AdapterPayload) {
    this.items.set(id, payload);
  }
  async find(id: string) {
    return this.items.get(id);
  }
  async findByUserCode(userCode: string) {
    return [...this.items.values()].find((p) => p.userCode === userCode);
  }
  async findByUid(uid: string) {
    return [...this.items.values()].find((p) => p.uid === uid);
  }
  async consume(id: string) {
    const payload = this.items.get(id);
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    this.items.delete(id);
  }
  async revokeByGrantId(grantId: string) {
    for (const [id, payload] of this.items) if (payload.grantId === grantId) this.items.delete(id);
  }
}
