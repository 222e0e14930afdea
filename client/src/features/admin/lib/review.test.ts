import type { ReviewTask } from '@common/schemas/panel';
import { describe, expect, it } from 'vitest';
import {
  filterByReview,
  formatIsoDate,
  initials,
  isEdited,
  isReviewFilter,
  reviewableOf,
  reviewCounts,
  taskMoves,
} from './review';

describe('initials (spec 2 §9)', () => {
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

describe('review filter and counters', () => {
  const week = [
    { id: 'a', status: 'ENVIADO', reviewedAt: '2026-11-18T10:00:00Z' },
    { id: 'b', status: 'ENVIADO', reviewedAt: null },
    { id: 'c', status: 'ENVIADO', reviewedAt: null },
    { id: 'd', status: 'BORRADOR', reviewedAt: null },
  ] as const;

  it('counts only the sent reports', () => {
    expect(reviewCounts(reviewableOf(week))).toEqual({ total: 3, unreviewed: 2, reviewed: 1 });
    expect(reviewCounts([])).toEqual({ total: 0, unreviewed: 0, reviewed: 0 });
  });

  it.each([
    ['todos', ['a', 'b', 'c']],
    ['sin-revisar', ['b', 'c']],
    ['revisados', ['a']],
  ] as const)('%s shows %j', (filter, ids) => {
    expect(filterByReview(reviewableOf(week), filter).map((s) => s.id)).toEqual(ids);
  });

  it('recognises the filter values of the address', () => {
    expect(isReviewFilter('revisados')).toBe(true);
    expect(isReviewFilter('otro')).toBe(false);
    expect(isReviewFilter(null)).toBe(false);
  });
});

describe('taskMoves', () => {
  const task = (status: ReviewTask['status']) => ({
    status,
    assignedToId: 'assignee',
    createdBy: { id: 'creator', fullName: 'Creadora' },
  });

  it('lets the assignee and the creator follow TASK_TRANSITIONS', () => {
    expect(taskMoves(task('PENDIENTE'), 'assignee')).toEqual([
      'EN_PROGRESO',
      'COMPLETADA',
      'CANCELADA',
    ]);
    expect(taskMoves(task('EN_PROGRESO'), 'creator')).toEqual(['COMPLETADA', 'CANCELADA']);
    expect(taskMoves(task('COMPLETADA'), 'assignee')).toEqual([]);
  });

  it('gives nobody else a move', () => {
    expect(taskMoves(task('PENDIENTE'), 'someone-else')).toEqual([]);
  });
});

describe('formatIsoDate', () => {
  it('reads a calendar date as dd/mm/yyyy', () => {
    expect(formatIsoDate('2026-11-20')).toBe('20/11/2026');
  });
});
