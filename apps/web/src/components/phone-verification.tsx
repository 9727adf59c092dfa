import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';
import { checkPhoneCode, sendPhoneCode } from '../lib/user-api.ts';
import { Field } from './ui/field.tsx';

type Props = {
  cellphone: string;
  onCellphoneChange: (value: string) => void;
  /** The proof of the SMS check, or null while the current number is unverified. */
  onVerified: (verificationToken: string | null) => void;
  /** A client token before registration; undefined uses the signed-in user's token. */
  bearer: () => Promise<string | undefined>;
  error?: string;
  disabled?: boolean;
};

/** Phone number with 'Send code', then the 6-digit code with 'Verify code' (SPEC section 2). */
export function PhoneVerification({ cellphone, onCellphoneChange, onVerified, bearer, error, disabled }: Props) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState(false);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();

  const messageOf = (err: unknown, field: string) =>
    err instanceof ApiError ? (err.fieldErrors.find((e) => e.field === field)?.message ?? err.message) : String(err);

  async function send() {
    setBusy(true);
    setPhoneError(undefined);
    try {
      const res = await sendPhoneCode(cellphone, await bearer());
      setSentTo(res.cellphone);
      setCode('');
    } catch (err) {
      setPhoneError(messageOf(err, 'cellphone'));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    setBusy(true);
    setCodeError(undefined);
    try {
      const res = await checkPhoneCode(cellphone, code.trim(), await bearer());
      setVerified(true);
      onVerified(res.verification_token);
    } catch (err) {
      setCodeError(messageOf(err, 'code'));
    } finally {
      setBusy(false);
    }
  }

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
          if (verified || sentTo) {
            setVerified(false);
            setSentTo(null);
            onVerified(null);
          }
        }}
        error={phoneError ?? error}
        hint={verified ? t('register.verified') : sentTo ? t('register.codeSent', { phone: sentTo }) : t('register.phoneHint')}
      >
        {!verified && (
          <button type="button" className="button button-secondary" onClick={send} disabled={busy || disabled || cellphone.trim().length < 6}>
            {sentTo ? t('register.resendCode') : t('register.sendCode')}
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
