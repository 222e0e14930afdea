import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../common/messages';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { AppError } from '../lib/errors';
import { listensOnLoopback } from '../services/demo';

/** The names of this machine, which no other site's page can send as its Host. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Addresses that name no host: listening on every interface. */
const WILDCARDS = new Set(['0.0.0.0', '[::]']);

/** A Host header's name and optional port; anything else (`a@b`, a path) is no name we know. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

/** A name or address as a browser writes it in Host: lower case, IPv6 bracketed and compressed. */
function canonicalName(name: string): string | null {
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  try {
    return new URL(`http://${bracketed}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The host names this server answers to, or null for any. A page on a rebinding domain reaches
 * the server under its own name, so answering only names we know keeps it out: PUBLIC_URL's,
 * HOST's when it is a specific address, and this machine's own names. Without PUBLIC_URL the
 * names people use are unknown, so any is answered, except where password-less demo sign-in can
 * exist (a demo database listening on loopback): there only this machine's names. Ports are not
 * compared: rebinding changes what a name points to, never the port, and a known name reached
 * through a forwarder on another port (the development proxy, an SSH tunnel) is still this server.
 */
export function knownHostnames(
  config: Pick<Config, 'publicUrl' | 'host' | 'demoSignIn'>,
  address: AddressInfo | string | null,
): ReadonlySet<string> | null {
  const demoDoor = config.demoSignIn && listensOnLoopback(address);
  if (!config.publicUrl && !demoDoor) return null;
  const names = new Set(LOOPBACK_NAMES);
  if (config.publicUrl) names.add(new URL(config.publicUrl).hostname);
  const listening = config.host === undefined ? null : canonicalName(config.host);
  if (listening && !WILDCARDS.has(listening)) names.add(listening);
  return names;
}

/** The name a Host header carries, in lower case; null when it is not a host name at all. */
export function hostnameOf(host: string): string | null {
  return HOST_HEADER.exec(host)?.[1]?.toLowerCase() ?? null;
}

/**
 * Answers 421 (Misdirected Request) to a request whose Host (X-Forwarded-Host from a trusted
 * proxy, as Fastify reads `request.host`) is not a name this server knows, before any handler,
 * session or Origin check: the Origin check trusts the Host's own origin, so a rebinding page
 * would otherwise pass it. Routes that say `anyHost` (health checks, which load balancers send
 * to the instance's address) answer whatever name they are asked by.
 */
export function registerHostCheck(app: FastifyInstance, ctx: AppContext) {
  // What is known changes only with where the server listens (tests listen after building).
  let kept: { on: string | null; known: ReadonlySet<string> | null } | undefined;
  const known = (address: AddressInfo | string | null) => {
    const on = typeof address === 'string' ? address : (address?.address ?? null);
    if (kept?.on !== on) kept = { on, known: knownHostnames(ctx.config, address) };
    return kept.known;
  };

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.anyHost) return;
    const names = known(request.server.server.address());
    if (!names) return;
    const name = hostnameOf(request.host);
    if (name === null || !names.has(name)) throw new AppError(421, MSG.unknownHost);
  });
}
