import type { SocialProvider, SocialTicketResult } from '@vm/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '@vm/ui/field.tsx';
import { ApiError } from '@vm/client/api-client.ts';
import { useConfig } from '@vm/client/config.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { getClientToken, signInWith } from '@vm/client/session.ts';
import { exchangeTicket } from '../api/exchange-ticket.ts';
import { useLinkWithPassword } from '../api/link-with-password.ts';

/** What Register takes from a social login (router state): the prefill, the ticket and the picture preview. */
export type SocialPrefill = {
  provider: SocialProvider;
  social_ticket: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  birthday: string | null;
  picture: string | null;
};

const DEFAULT_ROUTE = '/jobs/status/active';

/**
 * #/social?ticket=…: where the server sends the browser after a social login. The ticket is read
 * once and taken out of the address bar, then exchanged: signed in, the existing account's
 * password, or Register prefilled.
 */
export function SocialPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [ticket] = useState(() => params.get('ticket') ?? '');
  const config = useConfig().data;
  const [asked, setAsked] = useState<Extract<SocialTicketResult, { status: 'password_needed' }> | null>(null);
  // No ticket at all (an old bookmark): nothing to exchange.
  const [failed, setFailed] = useState<string | null>(() => (ticket ? null : t('socialLogin.invalid')));
  const [password, setPassword] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkAccount = useLinkWithPassword();

  useEffect(() => {
    if (!ticket) return;
    // The ticket leaves the address bar (and the history) at once.
    void navigate('/social', { replace: true });
    exchangeTicket(ticket, getClientToken).then(
      async (r) => {
        const to = safeRedirect(r.redirect) ?? DEFAULT_ROUTE;
        switch (r.status) {
          case 'signed_in':
            await signInWith(r.token);
            void navigate(to, { replace: true });
            return;
          case 'password_needed':
            setAsked(r);
            return;
          case 'register': {
            const state: SocialPrefill = { provider: r.provider, social_ticket: ticket, email: r.email, first_name: r.first_name, last_name: r.last_name, birthday: r.birthday, picture: r.picture };
            void navigate(`/register?redirect=${encodeURIComponent(to)}`, { replace: true, state });
            return;
          }
        }
      },
      (err: unknown) => setFailed(err instanceof ApiError ? err.message : String(err)),
    );
  }, [ticket, navigate]);

  const providerName = (p: SocialProvider) => (p === 'facebook' ? 'Facebook' : (config?.oidc_label ?? 'OpenID'));

  const link = async (e: FormEvent) => {
    e.preventDefault();
    if (!asked) return;
    setLinkError(null);
    try {
      await linkAccount.mutateAsync({ ticket, password });
      void navigate(safeRedirect(asked.redirect) ?? DEFAULT_ROUTE, { replace: true });
    } catch (err) {
      setLinkError(err instanceof ApiError ? err.message : String(err));
    }
  };

  if (failed) {
    return (
      <section className="page page-narrow">
        <h1>{t('titles.social')}</h1>
        <p className="form-error" role="alert">
          {failed}
        </p>
        <p className="form-links">
          <Link to="/login">{t('socialLogin.backToLogin')}</Link>
        </p>
      </section>
    );
  }

  if (asked) {
    const provider = providerName(asked.provider);
    return (
      <section className="page page-narrow">
        <h1>{t('socialLogin.passwordTitle', { email: asked.email })}</h1>
        <p>{t('socialLogin.passwordIntro', { provider })}</p>
        {linkError && (
          <p className="form-error" role="alert">
            {linkError}
          </p>
        )}
        <form onSubmit={(e) => void link(e)} noValidate>
          <Field label={t('socialLogin.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <button type="submit" className="button button-primary button-block" disabled={linkAccount.isPending || !password}>
            {t('socialLogin.link')}
          </button>
        </form>
        <p className="form-links">
          <Link to="/login">{t('socialLogin.backToLogin')}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="page page-narrow">
      <h1>{t('titles.social')}</h1>
      <p role="status">{t('socialLogin.working')}</p>
    </section>
  );
}
