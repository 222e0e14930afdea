import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { freePort } from '../test/process';
import { startSmtpServer } from '../test/smtp';
import { createMailer } from './mail';

/*
 * The SMTP server the organisation runs may refuse, or accept and then say nothing: an e-mail must
 * then fail in bounded time (to be tried again), never hold whatever sends it.
 */

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const mailerFor = (url: string) =>
  createMailer({
    ...loadConfig({ SMTP_URL: url, PUBLIC_URL: 'https://appa.example.com', DATA_DIR: '/tmp' }),
    smtpTimeoutMs: 300,
  });
const message = { to: 'persona@example.com', subject: 'Prueba', text: 'Hola' };

describe('e-mail over SMTP', () => {
  it('goes through a server that answers', async () => {
    const smtp = await startSmtpServer();
    closers.push(smtp.close);
    await mailerFor(smtp.url).send(message);
    expect(smtp.received).toHaveLength(1);
  });

  it('fails when nothing listens', async () => {
    const port = await freePort();
    await expect(mailerFor(`smtp://127.0.0.1:${port}`).send(message)).rejects.toThrow();
  });

  it('fails when the server accepts the connection and never greets', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as net.AddressInfo;
    await expect(mailerFor(`smtp://127.0.0.1:${port}`).send(message)).rejects.toThrow(/timeout/i);
  });

  it('fails when the server stops answering in the middle of a message', async () => {
    const hanging = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // Takes the message and never says whether it was accepted.
      onData(stream) {
        stream.resume();
      },
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => hanging.close(resolve)));
    const { port } = hanging.server.address() as net.AddressInfo;
    await expect(mailerFor(`smtp://127.0.0.1:${port}`).send(message)).rejects.toThrow(/timeout/i);
  });
});
