import { BULK_MSG, USER_MSG } from '@common/schemas/users';
import { describe, expect, it } from 'vitest';
import { parseBulkUsers } from './parse-bulk-users';

const valid = (text: string) => {
  const out = parseBulkUsers(text);
  if (!out.ok) throw new Error(out.error);
  return out;
};

describe('parseBulkUsers', () => {
  it('reads CSV with Spanish headers, quoted commas and accents', () => {
    const out = valid(
      'Nombre Completo,Correo,Cargo,Rol\n' +
        '"Núñez, Ana",ana@empresa.pe,"Jefa de Ventas, Norte",Líder\n' +
        'José Peña,jose@empresa.pe,,\n',
    );
    expect(out.valid).toEqual([
      {
        row: 1,
        data: {
          fullName: 'Núñez, Ana',
          email: 'ana@empresa.pe',
          cargo: 'Jefa de Ventas, Norte',
          role: 'Líder',
        },
      },
      { row: 2, data: { fullName: 'José Peña', email: 'jose@empresa.pe', cargo: '', role: '' } },
    ]);
    expect(out.refused).toEqual([]);
  });

  it('reads English headers and the semicolons of a spreadsheet export', () => {
    expect(
      valid('fullName,email,position,role\nAna,ana@x.pe,Analista,USER').valid[0]?.data,
    ).toEqual({
      fullName: 'Ana',
      email: 'ana@x.pe',
      cargo: 'Analista',
      role: 'USER',
    });
    expect(valid('nombre;email;unidad\r\nAna;ana@x.pe;Norte\r\n').valid[0]?.data).toEqual({
      fullName: 'Ana',
      email: 'ana@x.pe',
      unidadOrganizacional: 'Norte',
    });
  });

  it('reads a JSON object, an array and { users: [...] }', () => {
    expect(valid('{"fullName":"Ana","email":"ana@x.pe"}').valid).toHaveLength(1);
    expect(
      valid(
        '[{"nombre completo":"Ana","correo":"ana@x.pe"},{"fullName":"Beto","email":"b@x.pe","role":"Gerente"}]',
      ).valid.map((r) => r.data.email),
    ).toEqual(['ana@x.pe', 'b@x.pe']);
    expect(valid('{"users":[{"fullName":"Ana","email":"ana@x.pe"}]}').valid).toHaveLength(1);
  });

  it('lists the rows it cannot import with the reason, and keeps the others', () => {
    const out = valid(
      'nombre,email,rol\nAna,ana@x.pe,\n,sin@x.pe,\nBeto,no-es-correo,\nCarla,c@x.pe,Jefe',
    );
    expect(out.valid.map((r) => r.row)).toEqual([1]);
    expect(out.refused).toEqual([
      { row: 2, email: 'sin@x.pe', reason: USER_MSG.fullNameRequired },
      { row: 3, email: 'no-es-correo', reason: USER_MSG.emailInvalid },
      { row: 4, email: 'c@x.pe', reason: BULK_MSG.invalidRole },
    ]);
  });

  it('gives the shared Spanish messages for text without valid people or in another format', () => {
    expect(parseBulkUsers('   ')).toEqual({ ok: false, error: BULK_MSG.noValidUsers });
    expect(parseBulkUsers('nombre,email\nAna,\n,b@x.pe')).toEqual({
      ok: false,
      error: BULK_MSG.noValidUsers,
    });
    expect(parseBulkUsers('{"fullName": "Ana",')).toEqual({
      ok: false,
      error: BULK_MSG.invalidFormat,
    });
    expect(parseBulkUsers('hola que tal\notra línea')).toEqual({
      ok: false,
      error: BULK_MSG.invalidFormat,
    });
    expect(parseBulkUsers('nombre,email\n"Ana,ana@x.pe')).toEqual({
      ok: false,
      error: BULK_MSG.invalidFormat,
    });
  });

  it('reads the manager, role and area of each row, and sends managers before their people', () => {
    const out = valid(
      'Nombre,Correo,Rol,Área,Jefe\n' +
        'Lía,lia@empresa.pe,Líder,Norte,GUS@empresa.pe\n' +
        'Uma,uma@empresa.pe,Usuario,Norte,lia@empresa.pe\n' +
        'Gus,gus@empresa.pe,Gerente,Norte,vp.norte\n' +
        'Ciro,ciro@empresa.pe,,,\n',
    );
    expect(out.valid.map((r) => [r.row, r.data.email, r.data.manager])).toEqual([
      [3, 'gus@empresa.pe', 'vp.norte'],
      [4, 'ciro@empresa.pe', ''],
      [1, 'lia@empresa.pe', 'GUS@empresa.pe'],
      [2, 'uma@empresa.pe', 'lia@empresa.pe'],
    ]);
    expect(out.valid[0]?.data).toMatchObject({ role: 'Gerente', unidadOrganizacional: 'Norte' });
    expect(out.refused).toEqual([]);
  });

  it('refuses rows whose managers make a loop, with the reason, and keeps the others', () => {
    const out = valid(
      'nombre,email,jefe directo\n' +
        'Ana,ana@x.pe,beto@x.pe\n' +
        'Beto,beto@x.pe,ana@x.pe\n' +
        'Propia,propia@x.pe,propia@x.pe\n' +
        'Ciro,ciro@x.pe,\n',
    );
    expect(out.valid.map((r) => r.row)).toEqual([4]);
    expect(out.refused).toEqual([
      { row: 1, email: 'ana@x.pe', reason: USER_MSG.managerLoop },
      { row: 2, email: 'beto@x.pe', reason: USER_MSG.managerLoop },
      { row: 3, email: 'propia@x.pe', reason: USER_MSG.managerSelf },
    ]);
  });
});
