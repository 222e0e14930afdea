import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { render } from '@react-email/render';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import { PRODUCT_NAME } from '../../common/constants';
import type { MailKind } from '../../common/schemas/mail';

/**
 * A message ready for the queue: both parts come from one description (`EmailContent`), so the
 * plain text and the HTML always say the same thing.
 */
export interface Email {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  /** Carries a secret: its body is erased once sent and never shown (mail-queue.ts). */
  sensitive: boolean;
}

/** A paragraph (its line breaks kept, its addresses made links), a button-like link, or fields. */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'action'; intro: string; label: string; href: string }
  | { type: 'fields'; rows: readonly (readonly [label: string, value: string])[] };

export interface EmailContent {
  kind: MailKind;
  subject: string;
  /** The page's only heading. */
  title: string;
  /** Greeted as "Hola, {name}:" and signed by the product; a reminder's own text has neither. */
  name?: string;
  blocks: readonly Block[];
  sensitive?: boolean;
}

/** The product's colours, as the web app's design tokens (client/src/index.css) in sRGB. */
const COLOURS = {
  primary: '#1e41a8',
  foreground: '#111826',
  muted: '#5b6474',
  background: '#f4f6f9',
  card: '#ffffff',
  border: '#dde2ea',
};

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const style = {
  body: { backgroundColor: COLOURS.background, fontFamily: FONT, margin: 0, padding: '24px 0' },
  card: {
    backgroundColor: COLOURS.card,
    border: `1px solid ${COLOURS.border}`,
    borderRadius: '10px',
    maxWidth: '560px',
    padding: '24px 28px',
  },
  brand: {
    color: COLOURS.primary,
    fontSize: '14px',
    fontWeight: 700,
    letterSpacing: '0.02em',
    margin: '0 0 8px',
  },
  title: { color: COLOURS.foreground, fontSize: '22px', lineHeight: '1.3', margin: '0 0 16px' },
  text: { color: COLOURS.foreground, fontSize: '15px', lineHeight: '1.6', margin: '0 0 14px' },
  small: { color: COLOURS.muted, fontSize: '13px', lineHeight: '1.5', margin: '0 0 14px' },
  link: { color: COLOURS.primary, textDecoration: 'underline', wordBreak: 'break-all' },
  button: {
    backgroundColor: COLOURS.primary,
    borderRadius: '8px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
} satisfies Record<string, CSSProperties>;

/** Splits `letter`-style lines (blank lines between paragraphs) into paragraph blocks. */
export function paragraphs(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let current: string[] = [];
  for (const line of [...lines, '']) {
    if (line !== '') current.push(line);
    else if (current.length > 0) {
      blocks.push({ type: 'paragraph', text: current.join('\n') });
      current = [];
    }
  }
  return blocks;
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'action':
      return `${block.intro}\n${block.href}`;
    case 'fields':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

/** The plain-text part: the greeting, the blocks a blank line apart, the signature. */
export function plainText(content: Pick<EmailContent, 'name' | 'blocks'>): string {
  const body = content.blocks.map(blockText).join('\n\n');
  if (content.name === undefined) return body;
  return [`Hola, ${content.name}:`, '', body, '', `— ${PRODUCT_NAME}`].join('\n');
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A line of text with every web address in it made a link whose text is the address itself. */
function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} style={style.link}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Lines({ text }: { text: string }) {
  return (
    <>
      {text.split('\n').map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          <Linked text={line} />
        </span>
      ))}
    </>
  );
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return (
        <Text style={style.text}>
          <Lines text={block.text} />
        </Text>
      );
    case 'action':
      return (
        <>
          <Text style={style.text}>{block.intro}</Text>
          <Text style={{ ...style.text, margin: '0 0 18px' }}>
            <Button href={block.href} style={style.button}>
              {block.label}
            </Button>
          </Text>
          {/* Mail readers that block styles or buttons still show the address to copy. */}
          <Text style={style.small}>
            Si el botón no funciona, copia esta dirección en tu navegador:{' '}
            <Link href={block.href} style={style.link}>
              {block.href}
            </Link>
          </Text>
        </>
      );
    case 'fields':
      return (
        <Text style={style.text}>
          {block.rows.map(([label, value], i) => (
            <span key={label}>
              {i > 0 ? <br /> : null}
              <strong>{label}:</strong> <Linked text={value} />
            </span>
          ))}
        </Text>
      );
  }
}

function Layout({ content }: { content: EmailContent }) {
  return (
    <Html lang="es">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Body style={style.body}>
        <Container style={style.card}>
          <Text style={style.brand}>{PRODUCT_NAME}</Text>
          <Heading as="h1" style={style.title}>
            {content.title}
          </Heading>
          {content.name === undefined ? null : (
            <Text style={style.text}>Hola, {content.name}:</Text>
          )}
          {content.blocks.map((block, i) => (
            <BlockView key={i} block={block} />
          ))}
          <Hr style={{ borderColor: COLOURS.border, margin: '20px 0 12px' }} />
          <Text style={{ ...style.small, margin: 0 }}>— {PRODUCT_NAME}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Renders both parts of a message. */
export async function composeEmail(content: EmailContent): Promise<Email> {
  return {
    kind: content.kind,
    subject: content.subject,
    text: plainText(content),
    html: await render(<Layout content={content} />),
    sensitive: content.sensitive ?? false,
  };
}
