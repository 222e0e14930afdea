import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawServerDefault,
} from 'fastify';
import type { ApiScope, HIERARCHY_SCOPE } from '../../common/schemas/api-tokens';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from '../lib/errors';
import type { Written } from '../lib/read-cache';
import type { EventName } from '../events/catalogue';

/**
 * What a route says about itself in its options, beside its schemas, so that adding a route is
 * one place to write: the plugins read `request.routeOptions.config`.
 */
export interface RouteFacts {
  /**
   * Reachable without a session (a sign-in, the configuration the sign-in page reads): true, or
   * the reason when the route is not obviously for people who have not signed in. Every other
   * /api route answers 401 to a request without a session before its input is even read.
   */
  public?: true | string;
  /**
   * Why the route answers whatever host name it is asked by (plugins/host-check.ts): a health
   * check or a scraper that addresses the instance by its IP. Only for what carries no secret or
   * asks its own token.
   */
  anyHost?: string;
  /** Reachable while the user must change a temporary password. */
  allowDuringPasswordChange?: boolean;
  /**
   * What a successful write changes of what the read cache keeps (lib/read-cache.ts), or false
   * when it changes nothing a kept answer shows. A write that says nothing empties everything.
   * Writes of reports announce events instead, which say which report changed.
   */
  invalidates?: Written | false;
  /**
   * The domain events (events/catalogue.ts) a successful write announces: its audit rows, webhooks,
   * notifications, live events and what the read cache forgets all follow from them, so the route
   * declares no `invalidates` unless it changes something beyond its events.
   */
  announces?: readonly EventName[];
  /**
   * The scope an API token needs to reach the route, or false when it is for sessions only (signing
   * in and out, settings and the tokens themselves included). Every /api route says which, so that
   * a new one is opened to scripts only on purpose. A token reaching a route still needs its
   * owner's permission there: the route checks it as usual.
   */
  tokenScope?: ApiScope | false;
  /**
   * Some writes of the route may also decide who reads whose reports (a role other than Usuario, a
   * manager, reactivating someone with such a role): through a token, those need this scope as
   * well, which policies/api-token.ts checks on what the request asks. Declared here so that the
   * API's description names it.
   */
  hierarchyScope?: typeof HIERARCHY_SCOPE;
}

declare module 'fastify' {
  // The facts travel in Fastify's own `config` route option.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteFacts {}
}

/** The instance routes are declared on: their zod schemas type the handlers. */
export type Api = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route as it was registered: its method, its path and what it declared. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Routes validate their input with their zod schemas (a refusal is the same 400 as `parse` gives)
 * and serialise their answers with them, so that no field leaves that the schema does not name.
 * Answers sent as bytes (kept answers, files, streams) are not serialised. Every route registered
 * from here on is listed for `registeredRoutes`. Register before any route.
 */
export function registerRouteFacts(app: FastifyInstance): Api {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // HEAD is Fastify's automatic twin of GET: same handler, same options.
      if (method !== 'HEAD') routes.push({ method, url: route.url, config: route.config ?? {} });
    }
  });
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Every route of an instance built with `registerRouteFacts`, in the order they were added. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}
