import { describe, expect, it } from 'vitest';
import { searchUsers } from './search-users';

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
