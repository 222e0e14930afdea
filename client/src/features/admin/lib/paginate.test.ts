import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

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
