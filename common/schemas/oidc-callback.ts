import * as z from 'zod/mini';

/**
 * GET /api/auth/oidc/callback: what the provider sends back: a code and the state, or an error
 * and its description, with the provider's own name (`iss`) against a mix-up of providers.
 * The library reads the query as it came, not this parse of it.
 */
export const oidcCallbackQuerySchema = z.object({
  code: z.optional(z.string()),
  state: z.optional(z.string()),
  iss: z.optional(z.string()),
  error: z.optional(z.string()),
  error_description: z.optional(z.string()),
});
