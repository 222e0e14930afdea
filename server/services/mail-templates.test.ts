import { describe, expect, it } from 'vitest';
import { reminderEmail } from './emails';
import { paragraphs, plainText } from './mail-templates';

describe('one template, two parts', () => {
  it('keeps a sender-written reminder as its text, and escapes it in the HTML', async () => {
    const text =
      'Hola, <b>Ana</b>:\n\nEnvía tu APPA aquí: https://appa.example.com/appa/ana\nGracias.';
    const email = await reminderEmail({
      subject: 'Recordatorio <urgente>',
      text,
      automatic: false,
    });
    expect(email).toMatchObject({ kind: 'reminder', sensitive: false, text });
    expect(email.html).toContain('Hola, &lt;b&gt;Ana&lt;/b&gt;:');
    expect(email.html).not.toContain('<b>Ana</b>');
    expect(email.html).toContain('<title>Recordatorio &lt;urgente&gt;</title>');
    // The address is a link whose text is the address itself.
    expect(email.html).toMatch(
      /<a href="https:\/\/appa\.example\.com\/appa\/ana"[^>]*>https:\/\/appa\.example\.com\/appa\/ana<\/a>/,
    );
  });

  it('greets and signs a letter, its blocks a blank line apart', () => {
    const text = plainText({
      name: 'Ana',
      blocks: [
        ...paragraphs(['Primera línea', 'segunda línea', '', '', 'Otro párrafo']),
        { type: 'fields', rows: [['Usuario', 'ana']] },
        { type: 'action', intro: 'Abre:', label: 'Abrir', href: 'https://appa.example.com/x' },
      ],
    });
    expect(text).toBe(
      [
        'Hola, Ana:',
        '',
        'Primera línea\nsegunda línea',
        '',
        'Otro párrafo',
        '',
        'Usuario: ana',
        '',
        'Abre:\nhttps://appa.example.com/x',
        '',
        '— Sistema APPA',
      ].join('\n'),
    );
  });
});
