import { sandboxCardSchema } from '@vm/domain/marketplace';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { addCard, sandboxToken } from '../../lib/billing-api.ts';
import { bodyResolver, errorAt } from '../../lib/form.ts';
import { useConfig } from '../../lib/config.ts';
import { Field } from '../ui/field.tsx';
import { TOAST_MS, useToast } from '../ui/toast.tsx';

type Props = { onAdded?: () => void };

/**
 * The card entry of SPEC section 2 (Account) and of the offers modal: Stripe Elements when a
 * publishable key is configured, otherwise the sandbox's own form, clearly marked as test mode.
 * The provider's refusal is shown inline in red; success is the 10 s toast of SPEC section 8.
 */
export function CardEntry({ onAdded }: Props) {
  const payments = useConfig().data?.payments;
  if (!payments) return null;
  return payments.publishable_key ? <StripeCardEntry publishableKey={payments.publishable_key} onAdded={onAdded} /> : <SandboxCardEntry onAdded={onAdded} />;
}

function useAddCard(onAdded?: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const [providerError, setProviderError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(makeToken: () => Promise<string>) {
    setBusy(true);
    setProviderError(null);
    try {
      await addCard(await makeToken());
      toast(t('billing.cardAdded'), 'success', TOAST_MS.long);
      onAdded?.();
      return true;
    } catch (err) {
      setProviderError(err instanceof Error ? err.message : String(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { run, busy, providerError, setProviderError };
}

/** The provider's refusal inline in red (SPEC section 5), and the submit button. */
function CardFormFooter({ providerError, busy }: { providerError: string | null; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {providerError && (
        <p className="field-error card-error" role="alert">
          {providerError}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('billing.addCard')}
      </button>
    </>
  );
}

type CardFields = { number: string; expiry: string; cvc: string };

/** MM/YY as typed to the month and the four-digit year of the wire body. */
const sandboxBody = (f: CardFields) => {
  const [month = '', year = ''] = f.expiry.split('/').map((p) => p.trim());
  return { number: f.number, exp_month: Number(month) || undefined, exp_year: year ? 2000 + (Number(year) % 100) : undefined, cvc: f.cvc.trim() };
};

function SandboxCardEntry({ onAdded }: Props) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: bodyResolver(sandboxCardSchema, sandboxBody), defaultValues: { number: '', expiry: '', cvc: '' }, reValidateMode: 'onSubmit' });
  const { run, busy, providerError } = useAddCard(onAdded);

  const submit = handleSubmit(async (card) => {
    const added = await run(() => sandboxToken(card)).catch(() => false);
    if (added) reset();
  });

  return (
    <form className="card-entry" onSubmit={submit} noValidate aria-describedby="card-test-mode">
      <p id="card-test-mode" className="test-mode">
        <strong>{t('billing.testMode')}</strong> {t('billing.testModeHint')}
      </p>
      <Field label={t('billing.number')} autoComplete="cc-number" inputMode="numeric" {...register('number')} error={errors.number?.message} placeholder="4242 4242 4242 4242" />
      <div className="field-pair">
        <Field label={t('billing.expiry')} autoComplete="cc-exp" inputMode="numeric" {...register('expiry')} error={errorAt(errors, 'exp_month') ?? errorAt(errors, 'exp_year')} placeholder={t('billing.expiryPlaceholder')} />
        <Field label={t('billing.cvc')} autoComplete="cc-csc" inputMode="numeric" {...register('cvc')} error={errors.cvc?.message} placeholder="123" />
      </div>
      <CardFormFooter providerError={providerError} busy={busy} />
    </form>
  );
}

type StripeJs = {
  elements: () => { create: (type: 'card', opts?: object) => { mount: (el: HTMLElement) => void; destroy: () => void; on: (ev: string, cb: (e: { error?: { message: string } }) => void) => void } };
  createToken: (card: unknown) => Promise<{ token?: { id: string }; error?: { message: string } }>;
};
const stripeGlobal = () => (window as unknown as { Stripe?: (key: string) => StripeJs }).Stripe;

let stripeScript: Promise<void> | null = null;
const loadStripe = () =>
  (stripeScript ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://js.stripe.com/v3/';
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.appendChild(s);
  }));

/** Stripe Elements: the card number never touches our page or server, only the token does. */
function StripeCardEntry({ publishableKey, onAdded }: Props & { publishableKey: string }) {
  const { t } = useTranslation();
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; card: ReturnType<ReturnType<StripeJs['elements']>['create']> } | null>(null);
  const { run, busy, providerError, setProviderError } = useAddCard(onAdded);

  useEffect(() => {
    let cancelled = false;
    loadStripe()
      .then(() => {
        const Stripe = stripeGlobal();
        if (cancelled || !Stripe || !mountPoint.current) return;
        const js = Stripe(publishableKey);
        const card = js.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.current);
        card.on('change', (e) => setProviderError(e.error?.message ?? null));
        stripe.current = { js, card };
      })
      .catch((err: Error) => setProviderError(err.message));
    return () => {
      cancelled = true;
      stripe.current?.card.destroy();
    };
  }, [publishableKey, setProviderError]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const s = stripe.current;
    if (!s) return;
    await run(async () => {
      const r = await s.js.createToken(s.card);
      if (!r.token) throw new ApiError(402, { error_description: r.error?.message ?? 'card error' });
      return r.token.id;
    });
  }

  return (
    <form className="card-entry" onSubmit={submit}>
      <div className="field">
        <span className="field-label">{t('billing.card')}</span>
        <div ref={mountPoint} className="stripe-card" />
      </div>
      <CardFormFooter providerError={providerError} busy={busy} />
    </form>
  );
}
