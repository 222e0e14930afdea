import { describe, expect, it } from 'vitest';
import {
  decodeDataMessage,
  encodeDataMessage,
  endsSession,
  type DataMessage,
} from './data-channel';

const INSTANCE = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const USER = '11111111-1111-4111-8111-111111111111';
const SESSION = '22222222-2222-4222-8222-222222222222';
const OTHER_SESSION = '33333333-3333-4333-8333-333333333333';

describe('the data channel', () => {
  it('carries writes and ended sessions, and reads them back as they were', () => {
    const messages: DataMessage[] = [
      {
        kind: 'written',
        instance: INSTANCE,
        changed: { reports: [{ userId: USER, weekStart: '2026-11-23' }] },
      },
      { kind: 'written', instance: INSTANCE, changed: { reports: 'all' } },
      { kind: 'written', instance: INSTANCE, changed: 'people' },
      { kind: 'revoked', revoked: { sessionId: SESSION } },
      { kind: 'revoked', revoked: { userId: USER } },
      { kind: 'revoked', revoked: { userId: USER, keepSessionId: SESSION } },
    ];
    for (const message of messages) {
      expect(decodeDataMessage(encodeDataMessage(message))).toEqual(message);
    }
    expect(encodeDataMessage(messages[0] as DataMessage)).toBe(
      `${INSTANCE}:reports:${USER}@2026-11-23`,
    );
    // An instance of the version before, which named no report, changed every report.
    expect(decodeDataMessage(`${INSTANCE}:reports:author-week`)).toEqual({
      kind: 'written',
      instance: INSTANCE,
      changed: { reports: 'all' },
    });
  });

  it('reads anything it does not understand as a write that changed everything', () => {
    const texts = [
      '',
      'revoked',
      'revoked:session',
      'revoked:users:x',
      `${INSTANCE}:users`,
      `${INSTANCE}:reports:`,
      `${INSTANCE}:reports:${USER}@soon`,
      `${INSTANCE}:reports:${USER}@2026-11-23,x`,
    ];
    for (const text of texts) {
      expect(decodeDataMessage(text)).toMatchObject({ kind: 'written', changed: 'everything' });
    }
  });

  it('says which sessions a revocation ended', () => {
    const mine = { id: SESSION, userId: USER };
    const other = { id: OTHER_SESSION, userId: USER };
    const someoneElse = { id: OTHER_SESSION, userId: INSTANCE };
    expect(endsSession({ sessionId: SESSION }, mine)).toBe(true);
    expect(endsSession({ sessionId: SESSION }, other)).toBe(false);
    expect(endsSession({ userId: USER }, mine)).toBe(true);
    expect(endsSession({ userId: USER }, other)).toBe(true);
    expect(endsSession({ userId: USER }, someoneElse)).toBe(false);
    expect(endsSession({ userId: USER, keepSessionId: SESSION }, mine)).toBe(false);
    expect(endsSession({ userId: USER, keepSessionId: SESSION }, other)).toBe(true);
  });
});
