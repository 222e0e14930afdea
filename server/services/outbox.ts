import fs from 'node:fs';
import path from 'node:path';
import { OUTBOX_ID, type OutboxMessage, type OutboxSummary } from '../../common/schemas/mail';
import type { Config } from '../config';
import { TEMPORARY_PASSWORD_LABEL } from './emails';
import { outboxDir } from '../adapters/mail';

const PREVIEW_CHARS = 140;

/** The text of a raw message as its reader sees it: its `type` part (plain text), decoded. */
export function emlText(raw: Buffer, type = 'text/plain'): string {
  const text = partOf(parseEml(raw), type);
  return text ? decodeBody(text.body, text.headers) : '';
}

/**
 * The outbox messages, newest first. The file names start with the sending instant, so the name
 * order is the time order and only the newest `limit` files are read.
 */
export async function listOutbox(
  config: Pick<Config, 'dataDir'>,
  limit: number,
): Promise<OutboxSummary[]> {
  const dir = outboxDir(config);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = names
    .filter((name) => OUTBOX_ID.test(name))
    .sort()
    .reverse()
    .slice(0, limit);
  const messages = await Promise.all(newest.map((id) => readOutboxMessage(config, id)));
  return messages
    .filter((m): m is OutboxMessage => m !== null)
    .map(({ id, date, to, subject, text }) => ({ id, date, to, subject, preview: preview(text) }));
}

/** One message; null when `id` is not an outbox file name or the file does not exist. */
export async function readOutboxMessage(
  config: Pick<Config, 'dataDir'>,
  id: string,
): Promise<OutboxMessage | null> {
  // The pattern has no separator and no dot run, so the path stays inside the outbox folder.
  if (!OUTBOX_ID.test(id)) return null;
  let raw: Buffer;
  try {
    raw = await fs.promises.readFile(path.join(outboxDir(config), id));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const { headers } = parseEml(raw);
  return {
    id,
    date: toIso(headers.get('date')) ?? idInstant(id),
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: maskSecrets(emlText(raw)),
  };
}

const MASK = '••••••••';
const TEMPORARY_PASSWORD = new RegExp(`(${TEMPORARY_PASSWORD_LABEL}: )\\S+`, 'g');
/** A sign-in link's token, as in /auth/verify?token=…; any other link keeps its query. */
const LINK_TOKEN = /([?&]token=)[^\s&]+/g;

/**
 * The outbox is read by administrators, who must not be able to sign in as someone else: the
 * temporary passwords and sign-in links in the messages are shown masked. The files on disk keep
 * them, for the operator of a server without SMTP.
 */
export function maskSecrets(text: string): string {
  return text.replace(TEMPORARY_PASSWORD, `$1${MASK}`).replace(LINK_TOKEN, `$1${MASK}`);
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line;
}

function toIso(value: string | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** `2026-11-18T15-00-00-000Z-ab12cd34.eml` → `2026-11-18T15:00:00.000Z`. */
function idInstant(id: string): string {
  const [date = '', time = ''] = id.split('T');
  const [h, m, s, ms] = time.split('-');
  return `${date}T${h}:${m}:${s}.${ms?.slice(0, 3)}Z`;
}

/**
 * A message (or one part of a multipart one) as nodemailer writes it: headers (folded lines joined), a blank line, the
 * body. Header names are lower-cased; the first occurrence wins.
 */
function parseEml(raw: Buffer): { headers: Map<string, string>; body: string } {
  const source = raw.toString('latin1');
  const split = /\r?\n\r?\n/.exec(source);
  const head = split ? source.slice(0, split.index) : source;
  const body = split ? source.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Raw header bytes may hold UTF-8 (nodemailer leaves e-mail addresses unencoded).
    const value = Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8');
    if (!headers.has(name)) headers.set(name, value);
  }
  return { headers, body };
}

type Part = ReturnType<typeof parseEml>;

/**
 * The part of a message of content type `wanted`: the message itself when it has one part of that
 * type, else the first such part of its (possibly nested) multipart body; null when it has none.
 */
function partOf(part: Part, wanted: string): Part | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";\s]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) {
    return type.toLowerCase().startsWith(wanted) ? part : null;
  }
  const [, ...pieces] = part.body.split(`--${boundary}`);
  for (const piece of pieces) {
    if (piece.startsWith('--')) break;
    const found = partOf(parseEml(Buffer.from(piece.replace(/^\r?\n/, ''), 'latin1')), wanted);
    if (found) return found;
  }
  return null;
}

const ENCODED_WORD = /=\?([^?*]+)(?:\*[^?]*)?\?([bq])\?([^?]*)\?=/gi;

/**
 * Decodes RFC 2047 encoded words. Adjacent words with the same charset are joined as bytes before
 * decoding, because a multi-byte character may be split between two of them; the white space
 * between encoded words is dropped, as the RFC says.
 */
export function decodeWords(value: string): string {
  const tokens: { charset: string; bytes: Buffer }[] = [];
  let out = '';
  let last = 0;
  const flush = () => {
    for (const t of tokens) out += decodeCharset(t.bytes, t.charset);
    tokens.length = 0;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [whole, charset = 'utf-8', encoding = 'q', text = ''] = match;
    const between = value.slice(last, match.index);
    if (tokens.length === 0 || between.trim() !== '') {
      flush();
      out += between;
    }
    const bytes =
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64')
        : qpBytes(text.replace(/_/g, ' '));
    const previous = tokens.at(-1);
    if (previous && previous.charset === charset.toLowerCase()) {
      previous.bytes = Buffer.concat([previous.bytes, bytes]);
    } else tokens.push({ charset: charset.toLowerCase(), bytes });
    last = match.index + whole.length;
  }
  flush();
  return out + value.slice(last);
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  const charset = /charset="?([^";\s]+)"?/i.exec(headers.get('content-type') ?? '')?.[1] ?? 'utf-8';
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? qpBytes(body.replace(/=\r?\n/g, ''))
        : Buffer.from(body, 'latin1');
  return decodeCharset(bytes, charset).replace(/\r\n/g, '\n').replace(/\n+$/, '');
}

/** Quoted-printable `=XX` escapes to bytes; every other character is one latin1 byte. */
function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}
