import { z } from 'zod';

/** GET /api/config: what the web app needs to know of the server's providers. No secrets. */
export const appConfigSchema = z.object({
  /** Set when 'Connect with facebook' works (GET /api/auth/facebook/start). */
  facebook_app_id: z.string().nullable(),
  /** The OpenID Connect provider's button label (e.g. "itsme"); null when none is configured. */
  oidc_label: z.string().nullable(),
  /** The invisible captcha on SMS sends: the web loads this provider's script with the site key; 'none' loads nothing. */
  captcha: z.object({ provider: z.enum(['none', 'recaptcha', 'hcaptcha', 'turnstile']), site_key: z.string().nullable() }),
  map: z.object({ tile_url: z.string().nullable(), attribution: z.string() }),
  providers: z.object({ sms: z.string(), geocoder: z.string(), router: z.string() }),
  payments: z.object({ provider: z.enum(['sandbox', 'stripe']), test_mode: z.boolean(), publishable_key: z.string().nullable() }),
  street_view: z.object({ url_template: z.string() }).nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
