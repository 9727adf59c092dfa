import { ApiError } from '@vm/client/api-client.ts';
import { getClientToken, logIn, useSignedIn } from '@vm/client/session.ts';
import { driverRegistrationSchema } from '@vm/domain/driver-joining';
import { personBody } from '@vm/domain/user';
import { maskBirthday } from '@vm/ui/birthday-input.ts';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { CountrySelect } from '@vm/ui/country-select.tsx';
import { Field } from '@vm/ui/field.tsx';
import { PhoneVerification } from '@vm/ui/phone-verification.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { HOME } from '../../../app/guards.tsx';
import { errorText, type FieldErrors, serverFieldErrors, zodFieldErrors } from '../../../lib/form.ts';
import { LanguageField } from '../../../lib/language.tsx';
import { LegalNote } from '../../../lib/legal-links.tsx';
import { SelfBillingField } from '../../../lib/self-billing-field.tsx';
import { useRegisterDriver } from '../api/register-driver.ts';

const EMPTY = {
  first_name: '',
  last_name: '',
  cellphone: '',
  birthday: '',
  email: '',
  password: '',
  repeat_password: '',
  country: 'BE',
  verification_token: '',
  kind: '' as '' | 'person' | 'company',
  company_name: '',
  company_number: '',
  vat: '',
  vat_exempt: false,
  iban: '',
  self_billing_accepted: false,
};
type Fields = typeof EMPTY;

/** The wire body from the form: the sender's account (birthday as typed DD/MM/YYYY) plus the driver's part. */
function toBody(f: Fields) {
  return {
    ...personBody(f),
    email: f.email.trim(),
    password: f.password,
    repeat_password: f.repeat_password,
    address: { country: f.country },
    verification_token: f.verification_token,
    driver: { kind: f.kind || undefined, company_name: f.company_name.trim(), company_number: f.company_number, vat: f.vat_exempt ? '' : f.vat, vat_exempt: f.vat_exempt, iban: f.iban, self_billing_accepted: f.self_billing_accepted },
  };
}

/** Joining as a driver: one form for the account (phone verified by SMS) and the business, then the onboarding checklist. */
export function RegisterPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [submitted, setSubmitted] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const registration = useRegisterDriver();
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const text = (key: keyof Fields) => ({ value: fields[key] as string, onChange: (e: { target: { value: string } }) => set(key, e.target.value) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = driverRegistrationSchema().safeParse(toBody(fields));
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitted(true);
    try {
      await registration.mutateAsync(parsed.data);
      await logIn(parsed.data.email, parsed.data.password);
      navigate('/account', { replace: true });
    } catch (err) {
      setSubmitted(false);
      if (err instanceof ApiError && err.fieldErrors.length) setErrors(serverFieldErrors(err));
      else toast(errorText(err), 'danger', TOAST_MS.long);
    }
  };

  if (signedIn && !submitted) return <Navigate to={HOME} replace />;
  const busy = registration.isPending || submitted;
  return (
    <section className="page page-narrow">
      <h1>{t('register.title')}</h1>
      <form onSubmit={submit} noValidate>
        <fieldset className="form-section">
          <legend>{t('register.account')}</legend>
          <PhoneVerification
            cellphone={fields.cellphone}
            onCellphoneChange={(v) => set('cellphone', v)}
            onVerified={(token) => set('verification_token', token ?? '')}
            bearer={getClientToken}
            error={errors.cellphone ?? errors.verification_token}
          />
          <Field label={t('register.firstName')} autoComplete="given-name" {...text('first_name')} error={errors.first_name} />
          <Field label={t('register.lastName')} autoComplete="family-name" {...text('last_name')} error={errors.last_name} />
          <Field
            label={t('register.birthday')}
            inputMode="numeric"
            autoComplete="bday"
            placeholder={t('picker.datePlaceholder')}
            value={fields.birthday}
            onChange={(e) => set('birthday', maskBirthday(e.target.value))}
            hint={t('register.birthdayHint')}
            error={errors.birthday}
          />
          <Field label={t('register.email')} type="email" autoComplete="email" {...text('email')} error={errors.email} />
          <Field label={t('register.password')} type="password" autoComplete="new-password" {...text('password')} error={errors.password} />
          <Field label={t('register.repeatPassword')} type="password" autoComplete="new-password" {...text('repeat_password')} error={errors.repeat_password} />
          <CountrySelect label={t('register.country')} value={fields.country} onChange={(e) => set('country', e.target.value)} />
          <LanguageField />
        </fieldset>
        <fieldset className="form-section">
          <legend>{t('register.business')}</legend>
          <ChoiceGroup
            legend={t('register.kind')}
            name="kind"
            value={fields.kind || null}
            options={[
              { value: 'person', label: t('register.kindPerson') },
              { value: 'company', label: t('register.kindCompany') },
            ]}
            onChange={(v) => set('kind', v)}
            error={errors['driver.kind'] ? t(`validation.${errors['driver.kind']}`, { defaultValue: errors['driver.kind'] }) : undefined}
          />
          {fields.kind === 'company' && <Field label={t('register.companyName')} autoComplete="organization" {...text('company_name')} error={errors['driver.company_name']} />}
          <Field label={t('register.companyNumber')} inputMode="numeric" hint={t('register.companyNumberHint')} {...text('company_number')} error={errors['driver.company_number']} />
          <div className="field field-check">
            <input id="vat-exempt" type="checkbox" checked={fields.vat_exempt} onChange={(e) => set('vat_exempt', e.target.checked)} />
            <label htmlFor="vat-exempt">{t('register.vatExempt')}</label>
          </div>
          {!fields.vat_exempt && <Field label={t('register.vat')} hint={t('register.vatHint')} {...text('vat')} error={errors['driver.vat']} />}
          <Field label={t('register.iban')} hint={t('register.ibanHint')} autoComplete="off" {...text('iban')} error={errors['driver.iban']} />
          <SelfBillingField checked={fields.self_billing_accepted} onChange={(v) => set('self_billing_accepted', v)} error={errors['driver.self_billing_accepted']} />
        </fieldset>
        <LegalNote />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('register.submit')}
        </button>
      </form>
      <p className="form-links">
        {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
      </p>
    </section>
  );
}
