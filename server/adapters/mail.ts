import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { PRODUCT_NAME } from '../../common/constants';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of `text`, when the message has one. */
  html?: string;
  /** The saved "remitente" setting; MAIL_FROM (or the default) when absent. */
  from?: string;
}

/**
 * The one way the server sends e-mail: SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file to DATA_DIR/outbox, where an administrator can read it.
 */
export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/**
 * SMTP_URL with the connection, greeting and reply timeouts nodemailer reads from its query,
 * unless the operator set them there: without them a server that accepts and then says nothing
 * holds the sender for an hour.
 */
function withTimeouts(config: Pick<Config, 'smtpUrl' | 'smtpTimeoutMs'>): string {
  const url = new URL(config.smtpUrl ?? '');
  for (const key of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(config.smtpTimeoutMs));
  }
  return url.toString();
}

export function createMailer(config: Config): Mailer {
  const from = config.mailFrom ?? `${PRODUCT_NAME} <no-reply@appa.local>`;
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(withTimeouts(config));
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ ...message, from: message.from ?? from });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const dir = outboxDir(config);
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ ...message, from: message.from ?? from });
      await fs.promises.mkdir(dir, { recursive: true });
      // Sortable by time; unique even when several are written in the same millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await fs.promises.writeFile(path.join(dir, name), info.message as Buffer);
    },
  };
}
