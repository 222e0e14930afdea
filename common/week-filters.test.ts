import { describe, expect, it } from 'vitest';
import type { PendingAuthor } from './schemas/panel';
import { author, report } from './testing/panel-fixtures';
import {
  filterByReview,
  filterPending,
  filterSubmissions,
  isReviewFilter,
  paginate,
  reviewableOf,
  reviewCounts,
  searchUsers,
  type SummaryFilters,
} from './week-filters';

const users = [
  { fullName: 'José Pérez', email: 'jperez@example.com' },
  { fullName: 'Ana Torres', email: 'ana.torres@example.com' },
];

describe('searchUsers', () => {
  it('returns everyone for a blank search', () => {
    expect(searchUsers(users, '  ')).toEqual(users);
  });

  it('matches the name without case or accents', () => {
    expect(searchUsers(users, 'JOSE')).toEqual([users[0]]);
  });

  it('matches the e-mail', () => {
    expect(searchUsers(users, 'ana.torres@')).toEqual([users[1]]);
  });

  it('finds nobody when nothing matches', () => {
    expect(searchUsers(users, 'zz')).toEqual([]);
  });
});

describe('paginate', () => {
  const rows = Array.from({ length: 45 }, (_, i) => i);

  it('cuts pages of 20', () => {
    expect(paginate(rows, 1)).toEqual({ rows: rows.slice(0, 20), page: 1, pageCount: 3 });
    expect(paginate(rows, 3)).toEqual({ rows: rows.slice(40), page: 3, pageCount: 3 });
  });

  it('clamps the page into range and always has a page 1', () => {
    expect(paginate(rows, 9).page).toBe(3);
    expect(paginate(rows, 0).page).toBe(1);
    expect(paginate([], 2)).toEqual({ rows: [], page: 1, pageCount: 1 });
    expect(paginate(rows.slice(0, 20), 1).pageCount).toBe(1);
  });
});

const jose = author('José Pérez', 'jperez@example.com', 'Ventas');
const ana = author('Ana Torres', 'ana@example.com', 'Marketing');
const luis = author('Luis Gómez', 'luis@example.com', null);
const sent = report(jose);
const draft = report(ana, { status: 'BORRADOR', submittedAt: null });
const noTeam = report(luis);
const all = [sent, draft, noTeam];

const filters = (over: Partial<SummaryFilters> = {}): SummaryFilters => ({
  search: '',
  status: 'todos',
  team: '',
  ...over,
});

describe('filterSubmissions', () => {
  it('keeps everything without filters', () => {
    expect(filterSubmissions(all, filters())).toEqual(all);
  });

  it('filters by status', () => {
    expect(filterSubmissions(all, filters({ status: 'enviados' }))).toEqual([sent, noTeam]);
    expect(filterSubmissions(all, filters({ status: 'borradores' }))).toEqual([draft]);
  });

  it('searches name or e-mail without accents or case', () => {
    expect(filterSubmissions(all, filters({ search: 'JOSE' }))).toEqual([sent]);
    expect(filterSubmissions(all, filters({ search: 'ana@' }))).toEqual([draft]);
  });

  it('filters by team, leaving out people without one', () => {
    expect(filterSubmissions(all, filters({ team: 'Marketing' }))).toEqual([draft]);
    expect(filterSubmissions(all, filters({ team: 'Ventas', status: 'borradores' }))).toEqual([]);
  });
});

describe('filterPending', () => {
  const pending: PendingAuthor[] = [
    { ...author('Gómez Ñique', 'g@example.com', 'Ventas'), draft: false },
    { ...author('Rosa Díaz', 'r@example.com', 'Logística'), draft: true },
  ];

  it('searches and filters by team', () => {
    expect(filterPending(pending, { search: 'nique', team: '' })).toEqual([pending[0]]);
    expect(filterPending(pending, { search: '', team: 'Logística' })).toEqual([pending[1]]);
    expect(filterPending(pending, { search: 'rosa', team: 'Ventas' })).toEqual([]);
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
