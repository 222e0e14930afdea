import type { FastifyInstance } from 'fastify';

/** `printRoutes({ commonPrefix: false })` is the only public listing of a built instance. */
export function listRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + segment;
    stack.push(url);
    for (const method of methods.split(', ')) {
      // HEAD is Fastify's automatic twin of GET: same handler, no body.
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}
