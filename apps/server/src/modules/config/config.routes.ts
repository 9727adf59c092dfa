import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import type { AppConfig } from '../../env.ts';

type Options = {
  config: AppConfig;
  social: { facebook: boolean; oidc: boolean };
  providers: { sms: string; geocoder: string; router: string };
  payments: { provider: 'sandbox' | 'stripe'; testMode: boolean; publishableKey: string | null };
};

/** GET /api/config: what the web app needs to know of the server's providers. No secrets. */
export const configRoutes: FastifyPluginAsyncZod<Options> = async (app, { config, social, providers, payments }) => {
  app.route({ ...fromContract(apiRoutes.config), handler: async () => ({
    // Only a working flow shows a button: the app id alone (without its secret) does not.
    facebook_app_id: social.facebook ? config.facebookAppId : null,
    oidc_label: social.oidc ? (config.social.oidc?.label ?? null) : null,
    captcha: { provider: config.captcha.provider, site_key: config.captcha.siteKey },
    // No tile server configured: the web app draws its built-in basemap (Natural Earth).
    map: { tile_url: config.geo.tileUrl, attribution: config.geo.tileUrl ? config.geo.tileAttribution : 'GeoNames (CC BY 4.0), Natural Earth' },
    providers,
    payments: { provider: payments.provider, test_mode: payments.testMode, publishable_key: payments.publishableKey },
    // Without a street-imagery provider the job page shows no street view panel at all.
    street_view: config.geo.streetViewUrl ? { url_template: config.geo.streetViewUrl } : null,
    // Issue 23 part 4: the privacy and terms pages name the operator and these settings as configured.
    legal: {
      operator: { name: config.platform.name, enterprise_number: config.platform.enterpriseNumber, address: config.platform.address, email: config.supportEmail },
      retention: { positions_months: config.retention.positionsMonths, chat_months: config.retention.chatMonths },
      commission_percent: config.commissionPercent,
    },
  }) });
};
