import { companySchema, type User } from '@vm/domain/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressAutocomplete } from '../../../components/address-autocomplete.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { TOAST_MS, useToast } from '../../../components/ui/toast.tsx';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/form.ts';
import { updateUser } from '../api/update-user.ts';

/** SPEC section 2, Account: the company block; saved with PUT /api/user (the whole user, with company). */
export function CompanyBlock({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const c = user.company;
  const [form, setForm] = useState({ name: c?.name ?? '', vat: c?.vat ?? '', address: c?.address ?? '', email: c?.email ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // SPEC section 5: the VAT field is locked once it has a value.
  const vatLocked = Boolean(c?.vat);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(companySchema, form);
    if (!checked.data) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      await updateUser({ first_name: user.first_name, last_name: user.last_name, cellphone: user.cellphone, birthday: user.birthday, address: user.address, company: checked.data });
      toast(t('account.companySaved'), 'success', TOAST_MS.long);
    } catch (err) {
      const fields = serverFieldErrors(err);
      const own = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^company\./, ''), v]));
      if (Object.keys(own).length) setErrors(own);
      else toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
    } finally {
      setBusy(false);
    }
  }

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="company-title">
      <h2 id="company-title">{t('account.companyTitle')}</h2>
      <Field label={t('account.companyName')} name="organization" autoComplete="organization" value={form.name} onChange={set('name')} error={errors.name} />
      <Field label={t('account.vat')} name="vat" value={form.vat} onChange={set('vat')} readOnly={vatLocked} error={errors.vat} hint={vatLocked ? t('account.vatLocked') : t('account.vatHint')} />
      <div className="field-row address-row">
        <AddressAutocomplete label={t('account.companyAddress')} text={form.address} onText={(v) => setForm((f) => ({ ...f, address: v }))} onPick={(a) => setForm((f) => ({ ...f, address: a.formatted }))} error={errors.address} />
        <button type="button" className="button button-ghost" onClick={() => setForm((f) => ({ ...f, address: '' }))} disabled={!form.address}>
          {t('account.clear')}
        </button>
      </div>
      <Field label={t('account.invoiceEmail')} type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('account.update')}
      </button>
    </form>
  );
}
