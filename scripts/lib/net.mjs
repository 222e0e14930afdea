// Helpers for the scripts and tests that start a server of their own (bench, soak, Lighthouse,
// the fault tests): a free port, and waiting for a condition without sleeping a fixed time.
import net from 'node:net';

/** A TCP port nobody listens on at the moment (127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Polls `check` until it answers true; fails after `timeoutMs` (30 s), or as soon as `exited`
 * settles (the server it waits for has gone). A `check` that throws counts as "not yet".
 */
export async function waitFor(check, what, { timeoutMs = 30_000, exited, everyMs = 50 } = {}) {
  let gone = false;
  void exited?.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (!gone && Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not there yet
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(gone ? `the server exited before: ${what}` : `timed out waiting for: ${what}`);
}
