import { decodeChanged, encodeChanged, type Changed } from './read-cache';

/**
 * The PostgreSQL channel on which instances tell each other what they wrote (so that their read
 * caches forget it) and which sessions ended (so that they stop honouring them).
 */
export const DATA_CHANNEL = 'appa_data_changed';

/** Sessions that ended: one, or every session of a user but the one `keepSessionId` names. */
export type Revoked = { sessionId: string } | { userId: string; keepSessionId?: string };

/** What an instance says on the channel. */
export type DataMessage =
  /** A write through `instance`, which has already emptied its own cache. */
  | { kind: 'written'; instance: string; changed: Changed }
  /** Sessions ended: every instance, the one that ended them included, acts on it. */
  | { kind: 'revoked'; revoked: Revoked };

const REVOKED = 'revoked';

/** `<instance>:<written>`, `revoked:session:<id>` or `revoked:user:<id>[:<kept session id>]`. */
export function encodeDataMessage(message: DataMessage): string {
  if (message.kind === 'written') return `${message.instance}:${encodeChanged(message.changed)}`;
  const { revoked } = message;
  if ('sessionId' in revoked) return `${REVOKED}:session:${revoked.sessionId}`;
  const kept = revoked.keepSessionId ? `:${revoked.keepSessionId}` : '';
  return `${REVOKED}:user:${revoked.userId}${kept}`;
}

/**
 * The message another instance sent. Anything not understood is a write of an unknown instance that
 * changed everything (an instance older than this one reads a revocation the same way).
 */
export function decodeDataMessage(text: string): DataMessage {
  const [head, kind, id, kept] = text.split(':');
  if (head === REVOKED && id) {
    if (kind === 'session') return { kind: 'revoked', revoked: { sessionId: id } };
    if (kind === 'user') {
      return {
        kind: 'revoked',
        revoked: kept ? { userId: id, keepSessionId: kept } : { userId: id },
      };
    }
  }
  const cut = text.indexOf(':');
  return {
    kind: 'written',
    instance: cut < 0 ? text : text.slice(0, cut),
    changed: decodeChanged(cut < 0 ? '' : text.slice(cut + 1)),
  };
}

/** Whether `revoked` ended `session`. */
export function endsSession(revoked: Revoked, session: { id: string; userId: string }): boolean {
  if ('sessionId' in revoked) return revoked.sessionId === session.id;
  return revoked.userId === session.userId && revoked.keepSessionId !== session.id;
}
