import { priceEurosSchema } from '@vm/domain/marketplace';
import { costBreakdown } from '@vm/domain/pricing';
import { driverEarnings } from '@vm/domain/settlement';
import { PayBreakdown } from '../../../lib/pay-breakdown.tsx';
import { Field } from '@vm/ui/field.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile, useVehicles } from '../../../lib/driver-account.ts';
import { errorText } from '../../../lib/form.ts';
import { Link } from 'react-router';
import { type Job, useOffer } from '../api/jobs.ts';
import { isRestrictionError } from '@vm/client/api/restrictions.ts';
import { RestrictedNotice } from '@vm/ui/restrictions.tsx';
import { euro } from '../../../lib/euro.ts';

/** '12,5' or '12.50' as euros (what the API takes) and cents (what the cost table counts); null when it is not a price. */
const parsePrice = (typed: string): { euros: number; cents: number } | null => {
  const euros = Number(typed.trim().replace(',', '.'));
  const result = priceEurosSchema.safeParse(euros);
  return typed.trim() && result.success ? { euros, cents: result.data } : null;
};

/**
 * The offer: the driver types a price and sees, before sending, what the sender will see (the
 * cost table: transport, insurance, VAT, all-in total) and what the driver is paid. An open offer
 * can be re-priced (a new version) or withdrawn.
 */
export function OfferForm({ job }: { job: Job }) {
  const { t } = useTranslation();
  const toast = useToast();
  const offer = useOffer(job.id);
  const mine = job.my_offer?.state === 'open' ? job.my_offer : null;
  const [typed, setTyped] = useState(mine ? String(mine.price) : '');
  const [error, setError] = useState<string | undefined>();
  const profile = useProfile().data?.profile;
  const vehicles = useVehicles().data?.vehicles ?? [];
  const [vehicleId, setVehicleId] = useState('');
  const vehicleField = useId();
  // Only approved drivers bid (the server says so too); until then the form says why it is off.
  const approved = profile?.status === 'approved';
  const price = parsePrice(typed);
  const c = price === null ? null : costBreakdown(price.cents, job.insurance);
  // Issue 22: the commission comes off the driver's price (the sender's total is not raised); a VAT-registered driver adds their VAT.
  const paid = price === null || !profile ? null : driverEarnings(price.cents, profile.commission_percent, profile.vat_exempt);
  const e = (x: number) => euro(x / 100);

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (price === null) return setError('price_invalid');
    setError(undefined);
    offer.send.mutate({ price: price.euros, vehicleId: vehicleId ? Number(vehicleId) : undefined }, {
      onSuccess: () => toast(t('job.sent'), 'success'),
      // A restricted account: the server's sentence stays on the form with the way to the restriction page.
      onError: (err) => (isRestrictionError(err) ? undefined : toast(errorText(err), 'danger', TOAST_MS.long)),
    });
  };

  return (
    <section className="card" aria-labelledby="offer-heading">
      <h2 id="offer-heading">{t('job.offer')}</h2>
      {profile && !approved && (
        <p className="notice" id="not-approved">
          {t('job.notApproved')} <Link to="/account">{t('nav.account')}</Link>
        </p>
      )}
      {isRestrictionError(offer.send.error) && <RestrictedNotice error={offer.send.error} />}
      {mine && <p data-testid="my-offer">{t('job.current', { price: euro(mine.price) })}</p>}
      <form onSubmit={submit} noValidate>
        <Field label={t('job.price')} inputMode="decimal" value={typed} onChange={(ev) => setTyped(ev.target.value)} hint={t('job.priceHint')} error={error} />
        {vehicles.length > 1 && (
          <div className="field">
            <label htmlFor={vehicleField}>{t('job.vehicle')}</label>
            <select id={vehicleField} value={vehicleId} onChange={(ev) => setVehicleId(ev.target.value)}>
              <option value="">{t('job.anyVehicle')}</option>
              {vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name} · {v.plate}
                </option>
              ))}
            </select>
          </div>
        )}
        {c && (
          <>
            <table className="cost-table">
              <caption>{t('job.preview')}</caption>
              <tbody>
                <tr>
                  <th scope="row">{t('job.transportCost')}</th>
                  <td>{e(c.route)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('job.insuranceCost')}</th>
                  <td>{e(c.insurance)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('job.vat', { percent: c.vat.percent })}</th>
                  <td>{e(c.vat.amount)}</td>
                </tr>
                <tr className="cost-total">
                  <th scope="row">{t('job.total')}</th>
                  <td data-testid="sender-total">{e(c.total.aftertaxes)}</td>
                </tr>
              </tbody>
            </table>
            {paid && (
              <PayBreakdown
                pay={{ ...paid, price: paid.price / 100, commission: paid.commission / 100, vat: paid.vat / 100, payable: paid.payable / 100 }}
                caption={t('job.earnings')}
                totalLabel={t('job.youGet')}
              />
            )}
            {paid && <p className="muted">{t('job.earningsNote')}</p>}
          </>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={offer.send.isPending || (profile !== undefined && !approved)} aria-describedby={profile && !approved ? 'not-approved' : undefined}>
            {mine ? t('job.reprice') : t('job.send')}
          </button>
          {mine && (
            <button
              type="button"
              className="button button-secondary"
              disabled={offer.withdraw.isPending}
              onClick={() =>
                offer.withdraw.mutate(undefined, {
                  onSuccess: () => toast(t('job.withdrawn'), 'success'),
                  onError: (err) => toast(errorText(err), 'danger', TOAST_MS.long),
                })
              }
            >
              {t('job.withdraw')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
