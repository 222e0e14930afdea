import type { ReviewTask } from '@common/schemas/panel';
import { describe, expect, it } from 'vitest';
import { commentThreads, initials, isEdited, taskMoves } from './review';

describe('initials', () => {
  it.each([
    ['Ana Administradora', 'AA'],
    ['úrsula de la Vega', 'ÚD'],
    ['  Luis   Pérez  Gómez ', 'LP'],
    ['Cher', 'C'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('isEdited', () => {
  it('is false while updatedAt equals createdAt, whatever the ISO spelling', () => {
    expect(
      isEdited({ createdAt: '2026-11-18T10:00:00.000Z', updatedAt: '2026-11-18T10:00:00Z' }),
    ).toBe(false);
  });
  it('is true once they differ', () => {
    expect(
      isEdited({ createdAt: '2026-11-18T10:00:00.000Z', updatedAt: '2026-11-18T10:00:05.000Z' }),
    ).toBe(true);
  });
});

describe('taskMoves', () => {
  const task = (status: ReviewTask['status'], updateStatus = true) => ({
    status,
    abilities: { updateStatus },
  });

  it('lets whoever may move the task follow TASK_TRANSITIONS', () => {
    expect(taskMoves(task('PENDIENTE'))).toEqual(['EN_PROGRESO', 'COMPLETADA', 'CANCELADA']);
    expect(taskMoves(task('EN_PROGRESO'))).toEqual(['COMPLETADA', 'CANCELADA']);
    expect(taskMoves(task('COMPLETADA'))).toEqual([]);
  });

  it('gives nobody else a move', () => {
    expect(taskMoves(task('PENDIENTE', false))).toEqual([]);
  });
});

describe('commentThreads', () => {
  const c = (id: string, parentId: string | null = null) => ({ id, parentId });

  it('puts each reply under its comment, keeping the order of both', () => {
    const threads = commentThreads([c('a'), c('b'), c('r1', 'a'), c('r2', 'b'), c('r3', 'a')]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      ['a', ['r1', 'r3']],
      ['b', ['r2']],
    ]);
  });

  it('shows a reply whose comment is missing on its own', () => {
    expect(commentThreads([c('r', 'gone')]).map((t) => t.comment.id)).toEqual(['r']);
  });
});
