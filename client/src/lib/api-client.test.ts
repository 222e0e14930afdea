import { userSchema } from '@common/schemas/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, NETWORK_ERROR_MESSAGE } from './api-client';

function answer(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body, { status, statusText }));
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the session cookie and parses the answer with the schema', async () => {
    const fetchMock = answer(200, JSON.stringify({ ok: true, extra: 1 }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/x', z.object({ ok: z.boolean() }), { a: 1 })).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
  });

  it("throws ApiError with the status and the server's Spanish message", async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, JSON.stringify({ message: 'Usuario o contraseña incorrectos' })),
    );
    const error = await api.get('/api/user', userSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Usuario o contraseña incorrectos' });
  });

  it('falls back to "status: body" when the error is not the usual JSON', async () => {
    vi.stubGlobal('fetch', answer(502, '', 'Bad Gateway'));
    await expect(api.get('/api/user', userSchema)).rejects.toMatchObject({
      status: 502,
      message: '502: Bad Gateway',
    });
  });

  it('reports a network failure as status 0 with the connection message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await api.get('/api/user', userSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
      isNetworkError: true,
    });
  });

  it('refuses an answer that does not match the schema', async () => {
    vi.stubGlobal('fetch', answer(200, JSON.stringify({ nope: true })));
    await expect(api.get('/api/user', userSchema)).rejects.toBeInstanceOf(ApiError);
  });
});
