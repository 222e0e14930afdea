import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '../../common/audit-actions';

const SERVER = join(import.meta.dirname, '..');

/** The server's own source files, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every code written as an audit entry's action: the literals after `action:` in the calls of
 * audit() and auditMany(), ternaries included, and in the declarations of the events.
 */
function writtenActions(): Set<string> {
  const codes = new Set<string>();
  const catalogue = readFileSync(join(SERVER, 'events', 'catalogue.ts'), 'utf8');
  for (const literal of catalogue.matchAll(
    /(?:action: |auditRow\([^,]+,\s*)'([a-z_]+\.[a-z_]+)'/g,
  )) {
    codes.add(literal[1] ?? '');
  }
  for (const file of sources(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/audit(?:Many)?\(([\s\S]*?)\}\)/g)) {
      const action = /action:([^,\n]+)/.exec(call[1] ?? '')?.[1] ?? '';
      for (const literal of action.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) codes.add(literal[1] ?? '');
    }
  }
  return codes;
}

describe('audit actions in Spanish', () => {
  it('every action the server writes has Spanish words', () => {
    const written = writtenActions();
    // The scan itself must see the calls, or the check below would pass on nothing.
    expect(written).toContain('auth.login');
    expect(written).toContain('report.review_updated');
    const missing = [...written].filter((code) => !Object.hasOwn(AUDIT_ACTION_LABELS, code));
    expect(missing).toEqual([]);
  });

  it('no label is left for an action nobody writes, and no two read the same', () => {
    const written = writtenActions();
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((code) => !written.has(code))).toEqual([]);
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('shows an unknown code as it is', () => {
    expect(auditActionLabel('user.status_changed')).toBe('Cambió el estado de un usuario');
    expect(auditActionLabel('futuro.accion')).toBe('futuro.accion');
  });
});
