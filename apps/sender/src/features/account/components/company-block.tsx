import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { companySchema, type User } from '@vm/domain/user';
import { isValidVat } from '@vm/domain/vat';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressAutocomplete } from '../../../components/address-autocomplete.tsx';
import { Field } from '@vm/ui/field.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { serverFieldErrors } from '../../../lib/form.ts';
import { useUpdateUser } from '../api/update-user.ts';

/** SPEC section 2, Account: the company block; saved with PUT /api/user (the whole user, with company). */
export function CompanyBlock({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const updateUser = useUpdateUser();
  const c = user.company;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    trigger,
    reset,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(companySchema),
    defaultValues: { name: c?.name ?? '', vat: c?.vat ?? '', address: c?.address ?? '', email: c?.email ?? '' },
  });
  const address = useWatch({ control, name: 'address' }) ?? '';
  // SPEC section 5: the VAT field is locked once a valid number is saved; a wrong one never is.
  const vatLocked = isValidVat(c?.vat ?? '');

  const submit = handleSubmit(async (company) => {
    try {
      const saved = await updateUser.mutateAsync({ first_name: user.first_name, last_name: user.last_name, cellphone: user.cellphone, birthday: user.birthday, address: user.address, company });
      // The form shows what was stored (the VAT number without spaces or dots), now locked.
      if (saved.company) reset({ name: saved.company.name, vat: saved.company.vat, address: saved.company.address, email: saved.company.email });
      toast(t('account.companySaved'), 'success', TOAST_MS.long);
    } catch (err) {
      const own = Object.entries(serverFieldErrors(err)).map(([k, message]) => [k.replace(/^company\./, ''), message] as const);
      for (const [field, message] of own) setError(field as keyof typeof company, { message });
      if (!own.length) toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
    }
  });

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="company-title">
      <h2 id="company-title">{t('account.companyTitle')}</h2>
      <Field label={t('account.companyName')} autoComplete="organization" {...register('name')} error={errors.name?.message} />
      <Field
        label={t('account.vat')}
        autoComplete="off"
        spellCheck={false}
        // What is wrong with a typed number shows when leaving the field, not only on saving.
        {...register('vat', { onBlur: (e: { target: { value: string } }) => (e.target.value.trim() ? trigger('vat') : undefined) })}
        readOnly={vatLocked}
        className={vatLocked ? 'input-locked' : undefined}
        error={errors.vat?.message}
        hint={
          vatLocked ? (
            <span className="locked-hint">
              <LockIcon />
              {t('account.vatLocked')} <Link to="/help">{t('help.contactUs')}</Link>
            </span>
          ) : (
            t('account.vatHint')
          )
        }
      />
      <div className="field-row address-row">
        <AddressAutocomplete label={t('account.companyAddress')} text={address} onText={(v) => setValue('address', v, { shouldValidate: isSubmitted })} onPick={(a) => setValue('address', a.formatted, { shouldValidate: isSubmitted })} error={errors.address?.message} />
        <button type="button" className="button button-ghost" onClick={() => setValue('address', '')} disabled={!address}>
          {t('account.clear')}
        </button>
      </div>
      <Field label={t('account.invoiceEmail')} type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
      <button type="submit" className="button button-primary" disabled={isSubmitting}>
        {t('account.update')}
      </button>
    </form>
  );
}

function LockIcon() {
  return (
    <svg className="lock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}
