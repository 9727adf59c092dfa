import { sandboxCardSchema } from '@vm/domain/marketplace';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bodyResolver, errorAt } from '../../lib/form.ts';
import { useConfig } from '@vm/client/config.ts';
import { useAddCard } from '@vm/client/api/add-card.ts';
import { sandboxToken } from '@vm/client/api/sandbox-token.ts';
import { Field } from '@vm/ui/field.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type CardErrorText, cardErrorText, formatCardNumber, formatExpiry, reformatInput } from './card-format.ts';
import { currentLanguage } from '@vm/client/locale.ts';

type Props = { onAdded?: () => void };

/**
 * The card entry of SPEC section 2 (Account) and of the offers modal: Stripe Elements when a
 * publishable key is configured, otherwise the sandbox's own form, clearly marked as test mode.
 * The provider's refusal is shown inline in red, in the user's language with the provider's own
 * words as a smaller detail; success is the 10 s toast of SPEC section 8. The number groups in
 * fours and the expiry becomes MM/JJ while typing.
 */
export function CardEntry({ onAdded }: Props) {
  const payments = useConfig().data?.payments;
  if (!payments) return null;
  return payments.publishable_key ? <StripeCardEntry publishableKey={payments.publishable_key} onAdded={onAdded} /> : <SandboxCardEntry onAdded={onAdded} />;
}

/** Adds the card a token stands for; the provider's refusal is kept for the form to show. */
function useCardEntry(onAdded?: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const [providerError, setProviderError] = useState<CardErrorText | null>(null);
  const addCard = useAddCard();
  async function run(makeToken: () => Promise<string>) {
    setProviderError(null);
    try {
      await addCard.mutateAsync(makeToken);
      toast(t('billing.cardAdded'), 'success', TOAST_MS.long);
      onAdded?.();
      return true;
    } catch (err) {
      setProviderError(cardErrorText(err));
      return false;
    }
  }
  return { run, busy: addCard.isPending, providerError, setProviderError };
}

/** The provider's refusal inline in red (SPEC section 5), its own words smaller, and the submit button. */
function CardFormFooter({ providerError, busy }: { providerError: CardErrorText | null; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {providerError && (
        <div className="card-error" role="alert">
          <p className="field-error">{providerError.message}</p>
          {providerError.detail && providerError.detail !== providerError.message && (
            <p className="card-error-detail muted">
              <small>{t('billing.providerSays', { text: providerError.detail })}</small>
            </p>
          )}
        </div>
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
  } = useForm({ resolver: bodyResolver(sandboxCardSchema, sandboxBody), defaultValues: { number: '', expiry: '', cvc: '' } });
  const { run, busy, providerError } = useCardEntry(onAdded);
  const number = register('number');
  const expiry = register('expiry');

  const submit = handleSubmit(async (card) => {
    const added = await run(() => sandboxToken(card)).catch(() => false);
    if (added) reset();
  });

  return (
    <form className="card-entry" onSubmit={submit} noValidate aria-describedby="card-test-mode">
      <p id="card-test-mode" className="test-mode">
        <strong>{t('billing.testMode')}</strong> {t('billing.testModeHint')}
      </p>
      <Field
        label={t('billing.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        {...number}
        onChange={(e) => {
          reformatInput(e.target, formatCardNumber);
          return number.onChange(e);
        }}
        error={errors.number?.message}
        placeholder="4242 4242 4242 4242"
      />
      <div className="field-pair">
        <Field
          label={t('billing.expiry')}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          {...expiry}
          onChange={(e) => {
            reformatInput(e.target, formatExpiry);
            return expiry.onChange(e);
          }}
          error={errorAt(errors, 'exp_month') ?? errorAt(errors, 'exp_year')}
          placeholder={t('billing.expiryPlaceholder')}
        />
        <Field label={t('billing.cvc')} autoComplete="cc-csc" inputMode="numeric" {...register('cvc')} error={errors.cvc?.message} placeholder="123" />
      </div>
      <CardFormFooter providerError={providerError} busy={busy} />
    </form>
  );
}

type StripeJs = {
  elements: () => { create: (type: 'card', opts?: object) => { mount: (el: HTMLElement) => void; destroy: () => void; on: (ev: string, cb: (e: { error?: { code?: string; message: string } }) => void) => void } };
  createToken: (card: unknown) => Promise<{ token?: { id: string }; error?: { code?: string; decline_code?: string; message: string } }>;
};
// Stripe.js puts itself on window; nothing types it there.
const stripeGlobal = (): ((key: string, opts?: { locale?: string }) => StripeJs) | undefined => Reflect.get(window, 'Stripe');

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
  const { run, busy, providerError, setProviderError } = useCardEntry(onAdded);

  useEffect(() => {
    let cancelled = false;
    loadStripe()
      .then(() => {
        const Stripe = stripeGlobal();
        if (cancelled || !Stripe || !mountPoint.current) return;
        // Stripe's own texts in Dutch too; ours come from its codes either way.
        const js = Stripe(publishableKey, { locale: currentLanguage() });
        const card = js.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.current);
        card.on('change', (e) => setProviderError(e.error ? cardErrorText(e.error) : null));
        stripe.current = { js, card };
      })
      .catch(() => setProviderError({ message: t('billing.stripeUnavailable'), detail: null }));
    return () => {
      cancelled = true;
      stripe.current?.card.destroy();
    };
  }, [publishableKey, setProviderError, t]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const s = stripe.current;
    if (!s) return;
    await run(async () => {
      const r = await s.js.createToken(s.card);
      if (!r.token) throw r.error ?? { code: 'card_declined', message: '' };
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
