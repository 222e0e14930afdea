import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 and a free port; `received` holds each raw message. Addresses
 * starting with `rechazado` are refused at RCPT TO, to test a failed send.
 */
export async function startSmtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('rechazado')) callback(new Error('Mailbox unavailable'));
      else callback();
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The text of a single-part message as the reader sees it (quoted-printable or base64 undone). */
export function messageText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body.replace(/\r\n/g, '\n');
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? ''));
  }
  return Buffer.from(bytes).toString('utf8');
}
