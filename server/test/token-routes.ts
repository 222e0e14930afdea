import type { ApiScope } from '../../common/schemas/api-tokens';

/**
 * What API tokens may reach, as reviewed: each route's own `tokenScope` must add up to exactly this
 * list, so that opening a route to scripts (or closing one) shows here as well as on the route.
 * Everything else, signing in and out, settings and the tokens themselves included, is for
 * sessions only.
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

/** The routes whose writes through a token may also need the hierarchy scope (`hierarchyScope`). */
export const HIERARCHY_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/users',
  'POST /api/users/bulk-upload',
  'PATCH /api/users/:id',
  'PUT /api/users/:id/status',
]);
