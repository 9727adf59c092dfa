import { useTranslation } from 'react-i18next';
import { useConfig } from '@vm/client/config.ts';

/**
 * 'Connect with Facebook' and the OpenID Connect provider's button (e.g. 'Verbinden met itsme'),
 * for the providers the server has on. Plain links: the server runs the flow
 * (GET /api/auth/{provider}/start) and sends the browser back to #/social with a ticket.
 */
export function SocialButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const config = useConfig().data;
  if (!config?.facebook_app_id && !config?.oidc_label) return null;
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <div className="social-buttons">
      {config.facebook_app_id && (
        <a className="button button-facebook button-block" href={`/api/auth/facebook/start${query}`}>
          {t('social.facebook')}
        </a>
      )}
      {config.oidc_label && (
        <a className="button button-oidc button-block" href={`/api/auth/oidc/start${query}`}>
          {t('social.oidc', { label: config.oidc_label })}
        </a>
      )}
      <p className="social-or">{t('social.or')}</p>
    </div>
  );
}
