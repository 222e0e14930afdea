import { describe, expect, it } from 'vitest';
import { logoutTarget } from './logout';

describe('where signing out leads', () => {
  it("goes to the provider's logout first, even from the report page", () => {
    const provider = 'https://login.example.com/logout?id_token_hint=ey';
    expect(logoutTarget({ message: '', redirectTo: provider, atProvider: true }, '/appa/ana')).toBe(
      provider,
    );
  });

  it('otherwise goes where the page asks, or where the server says', () => {
    const site = { message: '', redirectTo: 'https://www.example.com', atProvider: false };
    expect(logoutTarget(site, '/appa/ana')).toBe('/appa/ana');
    expect(logoutTarget(site, undefined)).toBe('https://www.example.com');
  });
});
