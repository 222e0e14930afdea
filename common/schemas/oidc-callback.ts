import * as z from 'zod/mini';

/**
 * GET /api/auth/oidc/callback: what the provider sends back (RFC 6749 §4.1.2, RFC 9207 `iss`).
 * The library reads the query as it came, not this parse of it.
 */
export const oidcCallbackQuerySchema = z.object({
  code: z.optional(z.string()),
  state: z.optional(z.string()),
  iss: z.optional(z.string()),
  error: z.optional(z.string()),
  error_description: z.optional(z.string()),
});
