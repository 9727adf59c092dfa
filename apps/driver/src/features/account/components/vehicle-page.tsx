import { ApiError } from '@vm/client/api-client.ts';
import { needsTransportLicence, TYPICAL_VEHICLES, type VehicleRead, vehicleInputSchema } from '@vm/domain/driver-joining';
import { VEHICLE_TYPES, type VehicleType } from '@vm/domain/offer';
import { Field } from '@vm/ui/field.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText, type FieldErrors, serverFieldErrors, zodFieldErrors } from '../../../lib/form.ts';
import { useSaveVehicle, useVehicles } from '../api/onboarding.ts';

const NUMBERS = ['payload_kg', 'max_mass_kg', 'load_length_cm', 'load_width_cm', 'load_height_cm'] as const;
type Fields = { type: string; name: string; plate: string; licence_number: string; licence_expires: string } & Record<(typeof NUMBERS)[number], string>;

const fromVehicle = (v: VehicleRead | undefined): Fields => ({
  type: v?.type ?? '',
  name: v?.name ?? '',
  plate: v?.plate ?? '',
  licence_number: v?.licence_number ?? '',
  licence_expires: v?.licence_expires ?? '',
  ...(Object.fromEntries(NUMBERS.map((k) => [k, v ? String(v[k]) : ''])) as Record<(typeof NUMBERS)[number], string>),
});

const isVehicleType = (v: string): v is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(v);

/** A number as typed, or undefined when empty (the schema then says 'required'). */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s.replace(',', '.')));

/** Add or change a vehicle; '#/account/vehicles/new' adds one. */
export function VehiclePage() {
  const { vehicleId } = useParams();
  const vehicles = useVehicles();
  const id = vehicleId ? Number(vehicleId) : null;
  const vehicle = id === null ? undefined : vehicles.data?.vehicles.find((v) => v.id === id);
  if (id !== null && !vehicles.data) return null;
  return <VehicleForm key={vehicle?.id ?? 'new'} id={vehicle ? vehicle.id : null} initial={fromVehicle(vehicle)} />;
}

function VehicleForm({ id, initial }: { id: number | null; initial: Fields }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const typeId = useId();
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveVehicle(id);
  const set = (key: keyof Fields) => ({ value: fields[key], onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value })) });
  const numbers = Object.fromEntries(NUMBERS.map((k) => [k, num(fields[k])])) as Record<(typeof NUMBERS)[number], number | undefined>;
  // The licence fields show as soon as the payload or the mass calls for them.
  const licence = needsTransportLicence({ payload_kg: numbers.payload_kg ?? 0, max_mass_kg: numbers.max_mass_kg ?? 0 });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = vehicleInputSchema.safeParse({
      type: fields.type || undefined,
      name: fields.name,
      plate: fields.plate,
      ...numbers,
      licence_number: licence ? fields.licence_number : '',
      licence_expires: licence ? fields.licence_expires : '',
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast(t('vehicles.saved'), 'success');
      navigate('/account');
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) setErrors(serverFieldErrors(err));
      else toast(errorText(err), 'danger', TOAST_MS.long);
    }
  };

  return (
    <section className="page page-narrow">
      <h1>{id === null ? t('vehicles.newTitle') : t('vehicles.editTitle')}</h1>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={typeId}>{t('vehicles.type')}</label>
          <select
            id={typeId}
            value={fields.type}
            // A type fills the sizes still empty with its usual ones, to be corrected.
            onChange={(e) => {
              const type = e.target.value;
              setFields((f) => {
                const typical = isVehicleType(type) ? TYPICAL_VEHICLES[type] : null;
                const sizes = typical ? Object.fromEntries(NUMBERS.map((k) => [k, f[k] || String(typical[k])])) : {};
                return { ...f, ...sizes, type };
              });
            }}
            aria-invalid={errors.type ? true : undefined} aria-describedby={errors.type ? `${typeId}-error` : undefined}>
            <option value="">{t('vehicles.choose')}</option>
            {VEHICLE_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`vehicles.types.${v}`)}
              </option>
            ))}
          </select>
          {errors.type && (
            <p id={`${typeId}-error`} className="field-error">
              {t(`validation.${errors.type}`, { defaultValue: errors.type })}
            </p>
          )}
        </div>
        <Field label={t('vehicles.name')} hint={t('vehicles.nameHint')} {...set('name')} error={errors.name} />
        <Field label={t('vehicles.plate')} autoCapitalize="characters" {...set('plate')} error={errors.plate} />
        <Field label={t('vehicles.payload')} inputMode="numeric" {...set('payload_kg')} error={errors.payload_kg} />
        <Field label={t('vehicles.maxMass')} inputMode="numeric" {...set('max_mass_kg')} error={errors.max_mass_kg} />
        <Field label={t('vehicles.length')} inputMode="numeric" {...set('load_length_cm')} error={errors.load_length_cm} />
        <Field label={t('vehicles.width')} inputMode="numeric" {...set('load_width_cm')} error={errors.load_width_cm} />
        <Field label={t('vehicles.height')} inputMode="numeric" {...set('load_height_cm')} error={errors.load_height_cm} />
        {licence && (
          <div className="licence-block">
            <p>{t('vehicles.licenceNote')}</p>
            <Field label={t('vehicles.licenceNumber')} {...set('licence_number')} error={errors.licence_number} />
            <Field label={t('vehicles.licenceExpires')} type="date" {...set('licence_expires')} error={errors.licence_expires} />
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('vehicles.save')}
          </button>
          <Link to="/account" className="button button-ghost">
            {t('vehicles.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}
