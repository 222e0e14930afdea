import { authHeader, type buildUser, type TestApp } from './helper';

export type Person = Awaited<ReturnType<typeof buildUser>>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * `inject` as a given user (null: signed out), signing each user in once per file. `app` is read
 * when a request is made.
 */
export function requestAs(app: () => TestApp) {
  const headers = new Map<string, Record<string, string>>();
  const headersOf = async (user: Person) => {
    const cached = headers.get(user.id);
    if (cached) return cached;
    const fresh = await authHeader(app(), user);
    headers.set(user.id, fresh);
    return fresh;
  };
  return async (user: Person | null, method: Method, url: string, payload?: object) =>
    app().app.inject({ method, url, payload, headers: user ? await headersOf(user) : {} });
}
