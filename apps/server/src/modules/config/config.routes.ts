import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../env.ts';

const configResponse = z.object({
  facebook_app_id: z.string().nullable(),
  captcha: z.object({ provider: z.enum(['none', 'recaptcha']), site_key: z.string().nullable() }),
  map: z.object({ tile_url: z.string().nullable(), attribution: z.string() }),
  providers: z.object({ sms: z.string(), geocoder: z.string(), router: z.string() }),
  payments: z.object({ provider: z.enum(['sandbox', 'stripe']), test_mode: z.boolean(), publishable_key: z.string().nullable() }),
  street_view: z.object({ url_template: z.string() }).nullable(),
});

type Options = {
  config: AppConfig;
  providers: { sms: string; geocoder: string; router: string };
  payments: { provider: 'sandbox' | 'stripe'; testMode: boolean; publishableKey: string | null };
};

/** GET /api/config: what the web app needs to know of the server's providers. No secrets. */
export const configRoutes: FastifyPluginAsync<Options> = async (app, { config, providers, payments }) => {
  app.get('/api/config', { schema: { response: { 200: configResponse } } }, async () => ({
    facebook_app_id: config.facebookAppId,
    captcha: { provider: config.captcha.provider, site_key: config.captcha.siteKey },
    // No tile server configured: the web app draws its built-in basemap (Natural Earth).
    map: { tile_url: config.geo.tileUrl, attribution: config.geo.tileUrl ? config.geo.tileAttribution : 'GeoNames (CC BY 4.0), Natural Earth' },
    providers,
    payments: { provider: payments.provider, test_mode: payments.testMode, publishable_key: payments.publishableKey },
    // Without a street-imagery provider the job page shows no street view panel at all.
    street_view: config.geo.streetViewUrl ? { url_template: config.geo.streetViewUrl } : null,
  }));
};
