import { phoneLongEnough } from '@vm/domain/user';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@vm/client/api-client.ts';
import { CaptchaFailed, captchaToken } from '@vm/client/captcha.ts';
import { fetchConfig } from '@vm/client/config.ts';
import { validationText } from '@vm/client/i18n.ts';
import { useCheckPhoneCode } from '@vm/client/api/check-phone-code.ts';
import { useSendPhoneCode } from '@vm/client/api/send-phone-code.ts';
import { Field } from './field.tsx';

/** A new code can be asked for this long after the last one (a calm pace; the server limits too). */
export const RESEND_AFTER_SECONDS = 30;

type Props = {
  cellphone: string;
  onCellphoneChange: (value: string) => void;
  /** The proof of the SMS check, or null while the current number is unverified. */
  onVerified: (verificationToken: string | null) => void;
  /** A code went out: the form drops its earlier complaints about the number. */
  onSent?: () => void;
  /** A client token before registration; undefined uses the signed-in user's token. */
  bearer: () => Promise<string | undefined>;
  error?: string;
  disabled?: boolean;
};

/** "0:27" for a countdown on a button. */
export const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A clock that ticks once a second while `until` (ms) is ahead; `restart` sets it to now. */
function useTicker(until: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => window.clearTimeout(timer);
  }, [until, now]);
  return { now, restart: () => setNow(Date.now()) };
}

/** Phone number with 'Send code', then the 6-digit code with 'Verify code' (SPEC section 2). */
export function PhoneVerification({ cellphone, onCellphoneChange, onVerified, onSent, bearer, error, disabled }: Props) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState(false);
  const sendCode = useSendPhoneCode();
  const checkCode = useCheckPhoneCode();
  const busy = sendCode.isPending || checkCode.isPending;
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  // Until when sending is paused: after a code went out, or as long as the server's Retry-After says.
  const [pause, setPause] = useState<{ until: number; reason: 'sent' | 'limited' } | null>(null);
  const clock = useTicker(pause?.until ?? null);
  const wait = pause ? Math.max(0, Math.ceil((pause.until - clock.now) / 1000)) : 0;
  // The server's "too many" stands while its wait lasts, counting down, then goes.
  const limited = pause?.reason === 'limited' && wait > 0;

  const messageOf = (err: unknown, field: string) =>
    err instanceof ApiError ? (err.fieldErrors.find((e) => e.field === field)?.message ?? err.message) : String(err);

  // Sending is pointless until the number can be one; the hint says so.
  const complete = phoneLongEnough(cellphone);

  async function send() {
    setPhoneError(undefined);
    try {
      // The invisible captcha runs only when the server names a provider; else no script, no token.
      const captcha = async () => captchaToken((await fetchConfig().catch(() => null))?.captcha);
      const res = await sendCode.mutateAsync({ cellphone, bearer, captchaToken: captcha });
      setSentTo(res.cellphone);
      setCode('');
      clock.restart();
      setPause({ until: Date.now() + RESEND_AFTER_SECONDS * 1000, reason: 'sent' });
      onSent?.();
    } catch (err) {
      if (err instanceof ApiError && err.status === 429 && err.retryAfter !== null) {
        clock.restart();
        setPause({ until: Date.now() + err.retryAfter * 1000, reason: 'limited' });
      } else if (err instanceof CaptchaFailed) {
        setPhoneError(validationText(err.closed ? 'captcha_closed' : 'captcha_unavailable'));
      } else {
        setPhoneError(messageOf(err, 'cellphone'));
      }
    }
  }

  async function verify() {
    setCodeError(undefined);
    try {
      const res = await checkCode.mutateAsync({ cellphone, code: code.trim(), bearer });
      setVerified(true);
      onVerified(res.verification_token);
    } catch (err) {
      setCodeError(messageOf(err, 'code'));
    }
  }

  /** "45 seconden" or "3 minuten": how long to wait, for a sentence. */
  function waitText(seconds: number) {
    return seconds < 60 ? t('register.waitSeconds', { count: seconds }) : t('register.waitMinutes', { count: Math.ceil(seconds / 60) });
  }

  // Why the button is disabled, said where the hint is (read with the field by screen readers).
  let hint: string;
  if (verified) hint = t('register.verified');
  else if (cellphone.trim() && !complete) hint = t('register.phoneIncomplete');
  else if (sentTo) hint = wait > 0 ? t('register.codeSentWait', { phone: sentTo, wait: waitText(wait) }) : t('register.codeSent', { phone: sentTo });
  else hint = t('register.phoneHint');

  const label = sentTo ? t('register.resendCode') : t('register.sendCode');
  return (
    <div className="phone-verification">
      <Field
        label={t('register.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={cellphone}
        disabled={disabled}
        onChange={(e) => {
          onCellphoneChange(e.target.value);
          // A corrected number need not wait for the old one's resend pause; the server's limit stays.
          if (pause?.reason === 'sent') setPause(null);
          setPhoneError(undefined);
          if (verified || sentTo) {
            setVerified(false);
            setSentTo(null);
            onVerified(null);
          }
        }}
        // A 429 stays until its wait is over; other errors until the number changes.
        error={limited ? t('register.tooManyCodes', { wait: waitText(wait) }) : (phoneError ?? error)}
        hint={hint}
      >
        {!verified && (
          <button type="button" className="button button-secondary" onClick={send} disabled={busy || disabled || !complete || wait > 0}>
            {wait > 0 ? `${label} (${mmss(wait)})` : label}
          </button>
        )}
      </Field>
      {sentTo && !verified && (
        <Field
          label={t('register.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={codeError}
        >
          <button type="button" className="button button-secondary" onClick={verify} disabled={busy || code.length !== 6}>
            {t('register.verifyCode')}
          </button>
        </Field>
      )}
    </div>
  );
}
