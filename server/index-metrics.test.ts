import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, PROCESS_START_MS, PROCESS_TEST_MS, startServer, waitFor } from './test/process';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server process with METRICS_PORT', () => {
  it(
    'serves /metrics on that port alone, with the scheduled jobs in them, and stops cleanly',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-metrics-'));
      dirs.push(dataDir);
      const port = await freePort();
      const metricsPort = await freePort();
      const server = startServer({
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      });
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      // Every job runs once at start; the listener shows each run once it has ended.
      let text = '';
      await waitFor(
        async () => {
          const res = await fetch(metricsUrl);
          text = await res.text();
          return res.ok && text.includes('appa_job_last_run_timestamp_seconds{job="cleanup"}');
        },
        'the first run of the jobs in the metrics',
        { exited: server.exited, timeoutMs: PROCESS_START_MS },
      );
      expect(text).toMatch(/^appa_job_last_run_ok\{job="mail-queue"\} 1$/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total \S+$/m);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    PROCESS_TEST_MS,
  );
});
