import { z } from 'zod';

/**
 * The captcha providers: reCAPTCHA v2 invisible ('recaptcha'), reCAPTCHA v3 (score based, no
 * challenge: 'recaptcha_v3'), hCaptcha and Cloudflare Turnstile.
 */
export const CAPTCHA_PROVIDERS = ['none', 'recaptcha', 'recaptcha_v3', 'hcaptcha', 'turnstile'] as const;
/** The action a reCAPTCHA v3 token is asked for, and checked against on the server. */
export const CAPTCHA_ACTION = 'sms_send';

/** GET /api/config: what the web app needs to know of the server's providers. No secrets. */
export const appConfigSchema = z.object({
  /** Set when 'Connect with facebook' works (GET /api/auth/facebook/start). */
  facebook_app_id: z.string().nullable(),
  /** The OpenID Connect provider's button label (e.g. "itsme"); null when none is configured. */
  oidc_label: z.string().nullable(),
  /** The invisible captcha on SMS sends: the web loads this provider's script with the site key; 'none' loads nothing. */
  captcha: z.object({ provider: z.enum(CAPTCHA_PROVIDERS), site_key: z.string().nullable() }),
  map: z.object({ tile_url: z.string().nullable(), attribution: z.string() }),
  providers: z.object({ sms: z.string(), geocoder: z.string(), router: z.string() }),
  payments: z.object({ provider: z.enum(['sandbox', 'stripe']), test_mode: z.boolean(), publishable_key: z.string().nullable() }),
  street_view: z.object({ url_template: z.string() }).nullable(),
  /** Issue 23 part 4: what the privacy and terms pages state as configured (PLATFORM_*, SUPPORT_EMAIL, RETENTION_*, COMMISSION_PERCENT). */
  legal: z.object({
    operator: z.object({ name: z.string(), enterprise_number: z.string(), address: z.string(), email: z.string() }),
    retention: z.object({ positions_months: z.number().int(), chat_months: z.number().int() }),
    commission_percent: z.number(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
