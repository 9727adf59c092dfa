import { birthdayToMask, personBody, updateUserSchema, type User } from '@vm/domain/user';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PhoneVerification } from '@vm/ui/phone-verification.tsx';
import { maskBirthday } from '@vm/ui/birthday-input.ts';
import { CountrySelect } from '@vm/ui/country-select.tsx';
import { Field } from '@vm/ui/field.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { ApiError } from '@vm/client/api-client.ts';
import { bodyResolver, errorAt, serverFieldErrors } from '../../../lib/form.ts';
import { useCurrentUser } from '@vm/client/session.ts';
import { useUpdateUser } from '../api/update-user.ts';

export function EditUserPage() {
  const user = useCurrentUser().data;
  return user ? <EditUserForm user={user} /> : null;
}

type EditUserFields = { first_name: string; last_name: string; birthday: string; cellphone: string; country: string; formatted: string; verification_token: string };

function EditUserForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    // The form keeps the birthday as typed (DD/MM/YYYY); the domain schema checks the wire body.
    resolver: bodyResolver(updateUserSchema(), (f: EditUserFields) => ({
      ...personBody(f),
      address: { country: f.country, formatted: f.formatted },
      ...(f.verification_token ? { verification_token: f.verification_token } : {}),
    })),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      birthday: birthdayToMask(user.birthday),
      cellphone: user.cellphone,
      country: user.address.country,
      formatted: user.address.formatted,
      verification_token: '',
    },
  });
  const [cellphone, birthday, country] = useWatch({ control, name: ['cellphone', 'birthday', 'country'] });
  const phoneChanged = cellphone.replace(/\s/g, '') !== user.cellphone;

  const updateUser = useUpdateUser();
  const submit = handleSubmit(async (body) => {
    if (phoneChanged && !verificationToken) {
      setError('cellphone', { message: 'phone_not_verified' });
      return;
    }
    try {
      await updateUser.mutateAsync(body);
      toast(t('editUser.saved'), 'success');
      navigate('/account');
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) for (const [field, message] of Object.entries(serverFieldErrors(err))) setError(field as keyof EditUserFields, { message });
      else toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long);
    }
  });

  return (
    <section className="page page-narrow">
      <h1>{t('editUser.title')}</h1>
      <form onSubmit={submit} noValidate>
        <div className="field-pair">
          <Field label={t('editUser.firstName')} autoComplete="given-name" {...register('first_name')} error={errors.first_name?.message} />
          <Field label={t('editUser.lastName')} autoComplete="family-name" {...register('last_name')} error={errors.last_name?.message} />
        </div>
        <Field
          label={t('editUser.birthday')}
          inputMode="numeric"
          placeholder={t('picker.datePlaceholder')}
          value={birthday}
          onChange={(e) => setValue('birthday', maskBirthday(e.target.value), { shouldValidate: isSubmitted })}
          hint={t('editUser.birthdayHint')}
          error={errors.birthday?.message}
        />
        <PhoneVerification
          cellphone={cellphone}
          onCellphoneChange={(v) => setValue('cellphone', v, { shouldValidate: isSubmitted })}
          onSent={() => clearErrors('cellphone')}
          onVerified={(token) => {
            setVerificationToken(token);
            setValue('verification_token', token ?? '');
          }}
          bearer={async () => undefined}
          error={errors.cellphone?.message ?? (phoneChanged && !verificationToken ? t('editUser.phoneChanged') : undefined)}
        />
        <Field label={t('editUser.address')} autoComplete="street-address" {...register('formatted')} error={errorAt(errors, 'address.formatted')} />
        <CountrySelect label={t('editUser.country')} value={country} onChange={(e) => setValue('country', e.target.value, { shouldValidate: isSubmitted })} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {t('editUser.submit')}
          </button>
          <Link to="/account" className="button button-ghost">
            {t('editUser.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}
