import { DASHBOARD_MSG } from '@common/schemas/dashboard';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import {
  SHARE_FORM_DEFAULTS,
  shareErrorMessage,
  shareFormSchema,
  toShareRequest,
} from './share-form';

const PEER = '6f1c1f0e-2b7a-4c1e-9f3a-1d2e3f4a5b6c';
// 2026-11-21 10:00 in Lima (UTC-5).
const NOW = new Date('2026-11-21T15:00:00Z');
const schema = shareFormSchema('America/Lima', NOW);

describe('shareFormSchema', () => {
  it('requires a peer', () => {
    const result = schema.safeParse(SHARE_FORM_DEFAULTS);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DASHBOARD_MSG.peerRequired);
  });

  it('defaults to read permission and accepts no expiry', () => {
    const result = schema.safeParse({ ...SHARE_FORM_DEFAULTS, sharedWithId: PEER });
    expect(result.success).toBe(true);
    expect(result.data?.permission).toBe('read');
  });

  it('accepts comment permission and an expiry of today or later', () => {
    for (const expiresOn of ['2026-11-21', '2026-12-31']) {
      const values = { sharedWithId: PEER, permission: 'comment', expiresOn };
      expect(schema.safeParse(values).success).toBe(true);
    }
  });

  it('refuses an expiry in the past and an unknown permission', () => {
    const past = schema.safeParse({
      ...SHARE_FORM_DEFAULTS,
      sharedWithId: PEER,
      expiresOn: '2026-11-20',
    });
    expect(past.error?.issues[0]?.message).toBe(DASHBOARD_MSG.invalidExpiry);
    const permission = schema.safeParse({
      ...SHARE_FORM_DEFAULTS,
      sharedWithId: PEER,
      permission: 'write',
    });
    expect(permission.success).toBe(false);
  });
});

describe('toShareRequest', () => {
  it('sends no expiry when none was chosen', () => {
    expect(
      toShareRequest({ sharedWithId: PEER, permission: 'comment', expiresOn: '' }, 'America/Lima'),
    ).toEqual({
      sharedWithId: PEER,
      permission: 'comment',
      expiresAt: null,
    });
  });

  it('lets the share last through the whole last day in the leader timezone', () => {
    const request = toShareRequest(
      { sharedWithId: PEER, permission: 'read', expiresOn: '2026-11-30' },
      'America/Lima',
    );
    expect(new Date(request.expiresAt ?? '').toISOString()).toBe('2026-12-01T04:59:59.000Z');
  });
});

describe('shareErrorMessage', () => {
  it('shows the server reason, or a fallback of its own', () => {
    expect(shareErrorMessage(new ApiError(409, 'Ya compartiste este APPA con esa persona'))).toBe(
      'Ya compartiste este APPA con esa persona',
    );
    expect(shareErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(NETWORK_ERROR_MESSAGE);
    expect(shareErrorMessage(new Error('boom'))).toBe('No se pudo compartir el APPA');
    expect(shareErrorMessage(new ApiError(500, ''))).toBe('No se pudo compartir el APPA');
  });
});
