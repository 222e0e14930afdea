// zod/mini: in every page's JavaScript (see auth.ts).
import * as z from 'zod/mini';

/** GET /api/config: what the browser needs before anyone signs in; never a secret. */
export const appConfigSchema = z.object({
  productName: z.string(),
  /** The marketing site ({host}); logout goes there when it is set. */
  publicSiteUrl: z.nullable(z.string()),
  /** The database holds the demo organisation: every page shows a "Demostración" mark. */
  demo: z.boolean(),
  /** The "Enlaces mágicos" setting: whether /auth offers 'Acceder con email'. */
  magicLinksEnabled: z.boolean(),
  /** The "Registro de cuentas" setting: whether /auth offers 'Crear una cuenta' (never the domains). */
  registrationEnabled: z.boolean(),
  /** Single sign-on, when the server has a provider: the name on 'Ingresar con {label}'. */
  sso: z.nullable(z.object({ label: z.string() })),
  /**
   * Only single sign-on lets people in: /auth shows its button alone, and the password form only
   * behind 'Acceso de administrador' (the break-glass administrators).
   */
  ssoOnly: z.boolean(),
  /** The organisation's time zone (a setting): every date and time the interface shows is read in it. */
  timeZone: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** GET /api/health ('ok': the process answers) and GET /api/ready ('ready': the database too). */
export const statusResponseSchema = z.object({ status: z.string() });
