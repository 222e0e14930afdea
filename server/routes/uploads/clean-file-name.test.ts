import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../../domain/uploads';

describe('cleanFileName', () => {
  it('strips the right-to-left override and other invisible format characters', () => {
    expect(cleanFileName('factura\u202Efdp.exe')).toBe('facturafdp.exe');
    expect(cleanFileName('informe\u200B\u2066final\u2069.pdf')).toBe('informefinal.pdf');
    expect(cleanFileName('\uFEFFacta.docx')).toBe('acta.docx');
  });

  it('strips control characters, C1 ones included, and turns slashes into _', () => {
    expect(cleanFileName('a\u0000b\u0007c\u009B.pdf')).toBe('abc.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(cleanFileName('C:\\temp\\x.txt')).toBe('C:_temp_x.txt');
  });

  it('keeps accents and spaces, and names an empty result', () => {
    expect(cleanFileName('  Informe de año ñandú.pdf ')).toBe('Informe de año ñandú.pdf');
    expect(cleanFileName('\u202E\u0000')).toBe('archivo');
  });
});
