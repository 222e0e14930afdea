import { HIERARCHY_SCOPE, type ApiScope } from '../../common/schemas/api-tokens';

/**
 * The routes an API token may reach, each with the scope it needs ("METHOD pattern"). Everything
 * else, signing in and out, settings and the tokens themselves included, is for sessions only. A
 * token reaching a route still needs its owner's permission there: the route checks it as usual.
 */
export const TOKEN_ROUTES: Readonly<Record<string, ApiScope>> = {
  'GET /api/appa': 'reports:read',
  'GET /api/appa/week': 'reports:read',
  'GET /api/appa/week/csv': 'reports:read',
  'GET /api/appa/history': 'reports:read',
  'GET /api/appa/:id': 'reports:read',
  'GET /api/appa/:id/comments': 'reports:read',
  'GET /api/appa/:id/download': 'reports:read',
  'GET /api/appa/export/zip': 'reports:read',
  'GET /api/files/submission/:id': 'reports:read',
  // An author's own script reads what came back on their reports (Mis reportes).
  'GET /api/me/reports': 'reports:read',
  'GET /api/files/download/:fileId': 'reports:read',
  'GET /api/reports/weekly': 'reports:read',
  'GET /api/reports/monthly': 'reports:read',
  'GET /api/reports/user-activity': 'reports:read',
  'GET /api/reports/problems-help': 'reports:read',
  'GET /api/reports/kpi': 'reports:read',
  'GET /api/reports/custom': 'reports:read',
  'GET /api/dashboard/hierarchy': 'reports:read',
  'GET /api/dashboard/trends': 'reports:read',
  'GET /api/dashboard/people': 'reports:read',
  'GET /api/users': 'users:read',
  'GET /api/users/with-counts': 'users:read',
  'GET /api/users/slug/:slug': 'users:read',
  'POST /api/users': 'users:write',
  'POST /api/users/bulk-upload': 'users:write',
  'PATCH /api/users/:id': 'users:write',
  'PUT /api/users/:id/status': 'users:write',
  'POST /api/reminders/preview': 'reminders:write',
  'POST /api/reminders/send': 'reminders:write',
};

/**
 * The routes where a token's write may also decide who reads whose reports (a role other than
 * Usuario, a manager, reactivating someone with such a role): those writes need HIERARCHY_SCOPE
 * as well, which server/policies/api-token.ts checks on what the request asks.
 */
const HIERARCHY_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/users',
  'POST /api/users/bulk-upload',
  'PATCH /api/users/:id',
  'PUT /api/users/:id/status',
]);

const routeKey = (method: string, pattern: string) =>
  // HEAD is GET's twin.
  `${method === 'HEAD' ? 'GET' : method} ${pattern}`;

/** The scope a token needs for this route, or undefined when tokens may not use it. */
export function scopeOf(method: string, pattern: string | undefined): ApiScope | undefined {
  return pattern ? TOKEN_ROUTES[routeKey(method, pattern)] : undefined;
}

/** The scope some of this route's writes need besides its own, for the API's description. */
export function hierarchyScopeOf(
  method: string,
  pattern: string | undefined,
): typeof HIERARCHY_SCOPE | undefined {
  return pattern && HIERARCHY_ROUTES.has(routeKey(method, pattern)) ? HIERARCHY_SCOPE : undefined;
}
