import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLocked, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-lock-'));
  dirs.push(dir);
  return dir;
};
/** Another process, alive until the test ends. */
const otherProcess = () => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
};

describe('the embedded database’s folder', () => {
  it('is taken by one process, and refused to another naming it', () => {
    const dir = tempDir();
    const other = otherProcess();
    fs.writeFileSync(path.join(dir, 'appa.pid'), `${other.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLocked);
    expect(() => lockDataDir(dir)).toThrow(`Otro proceso de APPA (PID ${other.pid})`);
  });

  it('is taken over from a process that is gone, and let go', async () => {
    const dir = tempDir();
    const gone = otherProcess();
    const exited = new Promise((resolve) => gone.on('exit', resolve));
    gone.kill('SIGKILL');
    await exited;
    fs.writeFileSync(path.join(dir, 'appa.pid'), `${gone.pid}\n`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'appa.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'appa.pid'))).toBe(false);
  });
});
