import { describe, expect, it } from 'vitest';
import { downloadableIds, NO_SELECTION, selectedUserIds, selectRows, toggleRow } from './selection';

const row = (n: number, userId = `u${n}`, downloadable = true) => ({
  id: `r${n}`,
  userId,
  downloadable,
});

describe('the selection of a paged table', () => {
  it('keeps the rows checked on one page when rows of another page are checked', () => {
    const firstPage = selectRows(NO_SELECTION, [row(1), row(2)], true);
    const both = toggleRow(firstPage, row(21));
    expect([...both.keys()]).toEqual(['r1', 'r2', 'r21']);
    expect(selectedUserIds(both)).toEqual(['u1', 'u2', 'u21']);
  });

  it('unchecks only the rows named, and toggles a checked row off', () => {
    const three = selectRows(NO_SELECTION, [row(1), row(2), row(3)], true);
    const one = selectRows(three, [row(2), row(3)], false);
    expect([...one.keys()]).toEqual(['r1']);
    expect(toggleRow(one, row(1)).size).toBe(0);
  });

  it('zips only the reports the viewer may download', () => {
    const mixed = selectRows(NO_SELECTION, [row(1), row(2, 'u2', false), row(3)], true);
    expect(downloadableIds(mixed)).toEqual(['r1', 'r3']);
    expect(selectedUserIds(mixed)).toEqual(['u1', 'u2', 'u3']);
  });

  it('names each author once', () => {
    const twice = selectRows(NO_SELECTION, [row(1, 'same'), row(2, 'same')], true);
    expect(selectedUserIds(twice)).toEqual(['same']);
  });

  it('never changes the selection it was given', () => {
    const before = selectRows(NO_SELECTION, [row(1)], true);
    selectRows(before, [row(2)], true);
    toggleRow(before, row(1));
    expect([...before.keys()]).toEqual(['r1']);
    expect(NO_SELECTION.size).toBe(0);
  });
});
