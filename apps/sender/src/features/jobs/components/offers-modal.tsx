import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import type { OfferRead } from '@vm/domain/offer';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardEntry } from '../../../components/payments/card-entry.tsx';
import { Avatar } from '@vm/ui/avatar.tsx';
import { VehicleIcon } from '@vm/ui/icons.tsx';
import { Modal } from '@vm/ui/modal.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { ApiError } from '@vm/client/api-client.ts';
import { cardsQuery, useCards } from '@vm/client/api/get-cards.ts';
import { useCurrentUser } from '@vm/client/session.ts';
import { useConfig } from '@vm/client/config.ts';
import { timeWindow } from '@vm/client/zoned-format.ts';
import { challengeOf, useAcceptOffer } from '../api/accept-offer.ts';
import { refreshShipment } from '../api/get-shipment.ts';
import { useStartBancontact } from '../api/start-bancontact.ts';
import { CostTable } from './cost-table.tsx';
import { ladderText } from './job-detail/cancellation-ladder.ts';
import { driverName, euro } from './job-detail/format.ts';
import { leaveFor } from './leave-for.ts';
import { Stars } from './stars.tsx';

type Props = { shipment: ShipmentRead; open: boolean; onClose: () => void; initialOfferId?: number | null };

/** SPEC section 2: the offers, one selected with its badge and cost table, and the two ways to pay. */
export function OffersModal({ shipment, open, onClose, initialOfferId = null }: Props) {
  const { t } = useTranslation();
  const offers = shipment.accepted_offer ? [shipment.accepted_offer] : shipment.offers;
  // The selection is a driver (one standing offer each): when the driver re-prices, the new offer
  // that takes the old one's place stays selected. Mounted per opening (see the job page), so the
  // initial selection is fresh each time.
  const [selectedDriver, setSelectedDriver] = useState<number | null>(() => offers.find((o) => o.id === initialOfferId)?.driver.user.id ?? null);
  const selected = offers.find((o) => o.driver.user.id === selectedDriver) ?? null;
  const selectedId = selected?.id ?? null;

  return (
    <Modal open={open} title={shipment.accepted_offer ? t('job.acceptedOffer') : t('job.offersTitle')} onClose={onClose} wide>
      {/* What the drivers bid on: the booked windows, as on the job page. */}
      <p className="muted offers-when" data-testid="offers-when">
        {t('job.pickup')}: {timeWindow(shipment.pickup_date_from, shipment.pickup_date_till, shipment.pickup_timezone)}
        <br />
        {t('job.delivery')}: {timeWindow(shipment.delivery_date_from, shipment.delivery_date_till, shipment.delivery_timezone)}
      </p>
      {offers.length === 0 ? (
        <p>{t('job.noOffers')}</p>
      ) : (
        <table className="offers-table">
          <caption className="visually-hidden">{t('job.offersCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('job.driver')}</th>
              <th scope="col">{t('job.vehicle')}</th>
              <th scope="col">{t('job.level')}</th>
              <th scope="col">{t('job.rating')}</th>
              <th scope="col">{t('job.price')}</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <tr key={o.id} className={o.id === selectedId ? 'offer-row offer-selected' : 'offer-row'} aria-selected={o.id === selectedId} onClick={() => setSelectedDriver(o.driver.user.id)}>
                <td>
                  <label className="offer-pick">
                    <input type="radio" name="offer" checked={o.id === selectedId} onChange={() => setSelectedDriver(o.driver.user.id)} />
                    {driverName(o)}
                  </label>
                </td>
                <td>
                  <VehicleIcon type={o.car.type.type} /> {t(`job.vehicles.${o.car.type.type}`)}
                  {o.car.type.name && <span className="muted"> · {o.car.type.name}</span>}
                </td>
                <td>{t(`job.levels.${o.level}`)}</td>
                <td>
                  <Stars value={o.car.driver.user.rating.driver} />
                </td>
                <td className="offer-price">{euro(o.cost_breakdown_sender.total.aftertaxes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {selected && <OfferBadge shipment={shipment} offer={selected} onAccepted={onClose} />}
    </Modal>
  );
}

type PayProps = { shipment: ShipmentRead; offer: OfferRead; onAccepted: () => void };

function OfferBadge({ shipment, offer, onAccepted }: PayProps) {
  const { t } = useTranslation();
  const u = offer.driver.user;
  const canPay = SHIPMENT_STATE[shipment.current_state.state].phase === 'open' && !shipment.accepted_offer;
  return (
    <section className="offer-badge" aria-label={t('job.offerOf', { name: driverName(offer) })}>
      <div className="offer-driver">
        <Avatar user={u} size="thumb" alt={t('job.driverPicture', { name: driverName(offer) })} />
        <div>
          <p className="offer-driver-name">{driverName(offer)}</p>
          <Stars value={offer.car.driver.user.rating.driver} />
          <p className="muted">
            {t(`job.levels.${offer.level}`)} · {t('job.ratingCount', { count: u.driver_rating_count })}
          </p>
          <p className="muted">
            <VehicleIcon type={offer.car.type.type} /> {t(`job.vehicles.${offer.car.type.type}`)} {offer.car.type.name}
          </p>
        </div>
      </div>
      <CostTable offer={offer} />
      {canPay && <PayButtons shipment={shipment} offer={offer} onAccepted={onAccepted} />}
    </section>
  );
}

type PayMethod = { kind: 'card'; last4: string; brand: string } | { kind: 'invoice' } | { kind: 'bancontact' };

/**
 * The two ways to pay (SPEC section 2). Each asks a final confirmation first, showing what will
 * happen: the amount incl. VAT, the driver and how it is paid. A sender without a card adds one
 * in place; that only stores the card, and the confirmation still follows.
 */
function PayButtons({ shipment, offer, onAccepted }: PayProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser().data;
  const cards = useCards();
  const payments = useConfig().data?.payments;
  const [needCard, setNeedCard] = useState(false);
  const [confirming, setConfirming] = useState<PayMethod | null>(null);
  // The offer and total the open confirmation was shown with: what the accept pins. A re-price that
  // arrives while it is open changes the offer shown, never what a click on it confirms.
  const [pinned, setPinned] = useState<{ offerId: number; total: number } | null>(null);
  // The server's word that the price changed since the sender looked, shown in the confirmation.
  const [priceChanged, setPriceChanged] = useState<string | null>(null);
  const client = useQueryClient();
  // One accept or Bancontact start at a time: a double click's second click comes before the
  // button shows it is busy, and would answer "an offer is already accepted" after the payment.
  const sending = useRef(false);
  const cardBox = useRef<HTMLHeadingElement>(null);
  const accepting = useAcceptOffer();
  const bancontactStart = useStartBancontact();
  // Set when the card's bank asks for 3-D Secure: the page stays busy while the browser leaves for it.
  const [leaving, setLeaving] = useState(false);
  const busy = accepting.isPending || bancontactStart.isPending || bancontactStart.isSuccess || leaving;
  const byInvoice = user?.company?.invoice_approved === 'approved';
  const card = cards.data?.[0];
  const shown = { offerId: offer.id, total: offer.cost_breakdown_sender.total.aftertaxes };
  // What the sender confirms is what the server charges: the total shown goes with the accept.
  const confirmed = { shipmentId: shipment.id, ...(pinned ?? shown) };
  const changedWhileOpen = pinned !== null && (pinned.offerId !== shown.offerId || pinned.total !== shown.total);

  function confirmWith(method: PayMethod) {
    setPinned(shown);
    setConfirming(method);
  }

  /**
   * The driver changed the price (or the insurance changed) since the sender looked: the job is
   * read again, so the same driver's offer that now stands is shown, and the confirmation stays
   * open with its price and the server's explanation, to be confirmed again. Any other failure is
   * the server's message as a danger toast (SPEC section 8).
   */
  async function failed(err: Error) {
    // The server answered: the next click is a new request (reading the job again must not hold it back).
    sending.current = false;
    if (!isRepriced(err)) {
      setConfirming(null);
      toast(err.message, 'danger', TOAST_MS.long);
      return;
    }
    // The next click confirms the offer and total the server named, shown once the job is read again.
    setPinned({ offerId: err.body.offer_id, total: err.body.total });
    await refreshShipment(client, shipment.id);
    setPriceChanged(err.message);
  }

  function accept() {
    if (sending.current) return;
    sending.current = true;
    setPriceChanged(null);
    // The promise, not mutate's callbacks: the accepted job may re-render this modal away first.
    accepting
      .mutateAsync({ ...confirmed, returnPath: `/jobs/${shipment.id}` })
      .then(
        () => {
          toast(t('job.accepted'), 'success', TOAST_MS.long);
          onAccepted();
        },
        (err: Error) => {
          // The card's bank asks for 3-D Secure: to its page, and back to this job with ?payment=.
          const challenge = challengeOf(err);
          if (!challenge) return failed(err);
          setLeaving(true);
          toast(err.message, 'info', TOAST_MS.long);
          leaveFor(challenge);
        },
      )
      .finally(() => (sending.current = false));
  }

  function bancontact() {
    if (sending.current) return;
    sending.current = true;
    setPriceChanged(null);
    // The page stays busy while the browser leaves for the bank.
    bancontactStart.mutate(
      { ...confirmed, returnPath: `/jobs/${shipment.id}` },
      {
        onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
        onError: (err) => {
          sending.current = false;
          void failed(err);
        },
      },
    );
  }

  // The card form opens below the offers, often out of sight: its heading takes focus and comes
  // into view, so the click visibly did something.
  useEffect(() => {
    if (!needCard) return;
    cardBox.current?.focus();
    cardBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [needCard]);

  function acceptClicked() {
    if (byInvoice) confirmWith({ kind: 'invoice' });
    else if (card) confirmWith({ kind: 'card', last4: card.last4, brand: card.brand });
    else setNeedCard(true);
  }

  /** A card was just stored: it is not used yet; the sender confirms with it first. */
  function cardAdded() {
    setNeedCard(false);
    // The card form has left it in the query cache; the hook re-renders a moment later.
    const added = client.getQueryData(cardsQuery.queryKey)?.[0];
    if (added) confirmWith({ kind: 'card', last4: added.last4, brand: added.brand });
  }

  return (
    <div className="pay">
      {payments?.test_mode && <p className="test-mode">{t('billing.testModePayments')}</p>}
      <p className="muted">{byInvoice ? t('job.payByInvoice') : card ? t('job.payByCard', { last4: card.last4 }) : t('job.payNeedsCard')}</p>
      {needCard && !byInvoice && !card ? (
        <div className="pay-card">
          <h3 ref={cardBox} tabIndex={-1}>
            {t('job.addCardFirst')}
          </h3>
          <p className="muted">{t('job.addCardThenConfirm')}</p>
          <CardEntry onAdded={cardAdded} />
        </div>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={acceptClicked} disabled={busy || cards.isPending}>
          {t('job.acceptCardInvoice')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => confirmWith({ kind: 'bancontact' })} disabled={busy}>
          {t('job.payBancontact')}
        </button>
      </div>
      {confirming && (
        <ConfirmAccept
          shipment={shipment}
          offer={offer}
          method={confirming}
          busy={busy}
          priceChanged={priceChanged ?? (changedWhileOpen ? t('validation.offer_repriced') : null)}
          onConfirm={confirming.kind === 'bancontact' ? bancontact : accept}
          onClose={() => {
            setConfirming(null);
            setPinned(null);
            setPriceChanged(null);
          }}
        />
      )}
    </div>
  );
}

/** A 409 that names the offer and price standing now (the price changed since the sender looked). */
const isRepriced = (err: Error): err is ApiError & { body: { offer_id: number; total: number } } => {
  const body = err instanceof ApiError && err.status === 409 ? (err.body as { offer_id?: unknown; total?: unknown } | null) : null;
  return typeof body?.offer_id === 'number' && typeof body.total === 'number';
};

type ConfirmProps = { shipment: ShipmentRead; offer: OfferRead; method: PayMethod; busy: boolean; priceChanged: string | null; onConfirm: () => void; onClose: () => void };

/**
 * "Accept this offer?": amount incl. VAT, driver and method, what cancelling will cost (the
 * ladder for this pickup window, issue 22), then confirm or go back.
 */
function ConfirmAccept({ shipment, offer, method, busy, priceChanged, onConfirm, onClose }: ConfirmProps) {
  const { t } = useTranslation();
  const c = offer.cost_breakdown_sender;
  // The step the clock is in when the confirmation opens (a moment's drift changes no word of it).
  const [openedAt] = useState(() => Date.now() / 1000);
  const how = method.kind === 'card' ? t('job.confirm.byCard', { brand: method.brand, last4: method.last4 }) : method.kind === 'invoice' ? t('job.confirm.byInvoice') : t('job.confirm.byBancontact');
  return (
    <Modal open title={t('job.confirm.title')} onClose={onClose}>
      {priceChanged && (
        <p className="notice notice-warning" role="alert" data-testid="price-changed">
          {priceChanged}
        </p>
      )}
      <dl className="details confirm-accept" data-testid="confirm-accept">
        <dt>{t('job.confirm.driver')}</dt>
        <dd>{driverName(offer)}</dd>
        <dt>{t('job.confirm.amount', { percent: c.vat.percent })}</dt>
        <dd className="confirm-amount">{euro(c.total.aftertaxes)}</dd>
        <dt>{t('job.confirm.vat', { percent: c.vat.percent })}</dt>
        <dd>{euro(c.vat.amount)}</dd>
        <dt>{t('job.confirm.method')}</dt>
        <dd>{how}</dd>
      </dl>
      <p className="muted" data-testid="cancellation-ladder">
        {ladderText(t, shipment, openedAt)}
      </p>
      <p className="muted">{method.kind === 'bancontact' ? t('job.confirm.bancontactNext') : t('job.confirm.final')}</p>
      <p className="muted" data-testid="money-held">{t('job.confirm.held')}</p>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onConfirm} disabled={busy}>
          {method.kind === 'bancontact' ? t('job.confirm.toBancontact') : t('job.confirm.yes')}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
          {t('job.confirm.no')}
        </button>
      </div>
    </Modal>
  );
}
