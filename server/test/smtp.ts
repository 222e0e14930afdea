import { SMTPServer } from 'smtp-server';
import { emlText } from '../services/outbox';

/**
 * A real SMTP server on 127.0.0.1 and `port` (a free one by default); `received` holds each raw
 * message. Addresses `refused` names (by default those starting with `rechazado`) are refused for
 * good at RCPT TO (550), those starting with `ocupado` for now (451), to test a failed send.
 */
export async function startSmtpServer(
  port = 0,
  refused: (address: string) => boolean = (address) => address.startsWith('rechazado'),
) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (refused(address.address)) callback(new Error('Mailbox unavailable'));
      else if (address.address.startsWith('ocupado')) {
        callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      } else callback();
    },
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The plain text of a message as the reader sees it (its text/plain part, decoded). */
export function messageText(raw: string): string {
  return emlText(Buffer.from(raw, 'utf8'));
}

/** The HTML part of a message, decoded; '' when it has none. */
export function messageHtml(raw: string): string {
  return emlText(Buffer.from(raw, 'utf8'), 'text/html');
}
