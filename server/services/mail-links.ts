import type { Config } from '../config';

/** Fills the `{nombre}` and `{enlace}` placeholders of a Spanish template. */
export function fillTemplate(template: string, values: { nombre: string; enlace: string }): string {
  return template.replaceAll('{nombre}', values.nombre).replaceAll('{enlace}', values.enlace);
}

/** The full URL of one of this server's pages, as an e-mail carries it: `path` starts with '/'. */
export function pageLink(config: Pick<Config, 'publicUrl' | 'port'>, path: string): string {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return `${base}${path}`;
}

/** The full URL of a person's report link, `/appa/{slug}`. */
export function personalLink(config: Pick<Config, 'publicUrl' | 'port'>, slug: string): string {
  return pageLink(config, `/appa/${slug}`);
}
