import { useQueryClient } from '@tanstack/react-query';
import { localeTag } from '@vm/client/locale.ts';
import { useEventStreamWhileSignedIn, usePushListener } from '@vm/client/event-stream.ts';
import type { PushRead } from '@vm/domain/events';
import { AddressAutocomplete } from '@vm/ui/address-autocomplete.tsx';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { PinsMap } from '@vm/ui/map/pins-map.tsx';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { boardArea, boardKey, DETOURS, RADII, useBoard, useBoardChoice, usePosition, type BoardChoice, type BoardItem, type Place } from '../api/board.ts';
import { euro } from '../../../lib/euro.ts';
import { timeWindow, town } from './format.ts';

/** Events that change what the board shows: a new matching job, and offers taken, withdrawn or chosen. */
const BOARD_EVENTS = new Set<string>(['board.job.new', 'shipment.changed', 'shipment.offer.accepted', 'shipment.offer.not_chosen', 'shipment.offer.withdrawn', 'shipment.offer.new']);

/**
 * The Work tab: the job board. Near the phone's position (a radius) or along a route (from, to, a
 * detour), newest or nearest first, as a list or on a map. Live: a new matching job arrives on the
 * event stream, the board refreshes, the job is announced and highlighted.
 */
export function OpenJobsPage() {
  const { t } = useTranslation();
  const [choice, update] = useBoardChoice();
  const locating = usePosition(choice.mode === 'position');
  const position = locating.state.status === 'found' ? locating.state.position : null;
  const area = boardArea(choice, position);
  const board = useBoard(area, choice.sort);
  const items = useMemo(() => board.data?.pages.flatMap((p) => p.items) ?? [], [board.data]);
  const reason = board.data?.pages[0]?.reason ?? null;

  // Live: the stream runs while this tab is open; a matching event refreshes the board.
  useEventStreamWhileSignedIn();
  const client = useQueryClient();
  const [fresh, setFresh] = useState<{ ids: Set<number>; text: string }>({ ids: new Set(), text: '' });
  const onPush = useCallback(
    (push: PushRead) => {
      if (!BOARD_EVENTS.has(push.type)) return;
      void client.invalidateQueries({ queryKey: boardKey });
      if (push.type === 'board.job.new' && push.shipment_id !== null) {
        const p = push.payload as { pickup_zip?: string; pickup_city?: string; delivery_zip?: string; delivery_city?: string };
        const route = `${[p.pickup_zip, p.pickup_city].filter(Boolean).join(' ')} → ${[p.delivery_zip, p.delivery_city].filter(Boolean).join(' ')}`;
        const id = push.shipment_id;
        setFresh((f) => ({ ids: new Set(f.ids).add(id), text: t('board.newJob', { route }) }));
      }
    },
    [client, t],
  );
  usePushListener(onPush);

  return (
    <section className="page page-narrow board">
      <h1>{t('work.title')}</h1>
      <ChoiceGroup
        legend={t('board.where')}
        name="board-mode"
        value={choice.mode}
        options={[
          { value: 'position', label: t('board.nearMe') },
          { value: 'route', label: t('board.alongRoute') },
        ]}
        onChange={(mode) => update({ mode })}
      />
      {choice.mode === 'position' ? <PositionForm choice={choice} update={update} locating={locating.state} retry={locating.retry} /> : <RouteForm choice={choice} update={update} />}
      <div className="board-options">
        <div className="field">
          <label htmlFor="board-sort">{t('board.sort')}</label>
          <select id="board-sort" value={choice.sort} onChange={(e) => update({ sort: e.target.value as BoardChoice['sort'] })}>
            <option value="newest">{t('board.newest')}</option>
            <option value="nearest">{t('board.nearest')}</option>
          </select>
        </div>
        <ChoiceGroup
          legend={t('board.show')}
          name="board-view"
          value={choice.view}
          options={[
            { value: 'list', label: t('board.list') },
            { value: 'map', label: t('board.map') },
          ]}
          onChange={(view) => update({ view })}
        />
      </div>

      {/* Polite: a new job is said when the reader is idle, never cutting into what is being read. */}
      <p className="visually-hidden" aria-live="polite" data-testid="board-announcement">
        {fresh.text}
      </p>

      {board.isError && (
        <p role="alert" className="form-error">
          {t('work.loadFailed')}{' '}
          <button type="button" className="button button-secondary button-small" onClick={() => void board.refetch()}>
            {t('work.retry')}
          </button>
        </p>
      )}
      {reason === 'no_vehicle' ? (
        <p className="card" data-testid="board-no-vehicle">
          {t('board.noVehicle')} <Link to="/account/vehicles/new">{t('board.addVehicle')}</Link>
        </p>
      ) : (
        board.data &&
        (items.length === 0 ? (
          <p>{t('board.empty')}</p>
        ) : choice.view === 'map' ? (
          <BoardMap items={items} choice={choice} position={position} fresh={fresh.ids} />
        ) : (
          <BoardList items={items} fresh={fresh.ids} />
        ))
      )}
      {board.hasNextPage && (
        <button type="button" className="button button-secondary button-block" disabled={board.isFetchingNextPage} onClick={() => void board.fetchNextPage()}>
          {t('board.more')}
        </button>
      )}
    </section>
  );
}

type FormProps = { choice: BoardChoice; update: (c: Partial<BoardChoice>) => void };

function PositionForm({ choice, update, locating, retry }: FormProps & { locating: ReturnType<typeof usePosition>['state']; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="board-area">
      <div className="field">
        <label htmlFor="board-radius">{t('board.radius')}</label>
        <select id="board-radius" value={choice.radius} onChange={(e) => update({ radius: Number(e.target.value) as BoardChoice['radius'] })}>
          {RADII.map((r) => (
            <option key={r} value={r}>
              {t('board.km', { km: r })}
            </option>
          ))}
        </select>
      </div>
      {locating.status === 'locating' && <p role="status">{t('board.locating')}</p>}
      {locating.status === 'found' && (
        <p className="field-hint" data-testid="board-position">
          {t('board.positionKnown', { m: Math.round(locating.position.accuracy) })}
        </p>
      )}
      {(locating.status === 'denied' || locating.status === 'unavailable' || locating.status === 'unsupported') && (
        <div role="alert" className="form-error">
          <p>{t(locating.status === 'denied' ? 'board.positionDenied' : 'board.positionUnavailable')}</p>
          <p className="button-row">
            <button type="button" className="button button-small" onClick={() => update({ mode: 'route' })}>
              {t('board.useRoute')}
            </button>{' '}
            {locating.status === 'unavailable' && (
              <button type="button" className="button button-secondary button-small" onClick={retry}>
                {t('work.retry')}
              </button>
            )}
          </p>
        </div>
      )}
    </div>
  );
}

function RouteForm({ choice, update }: FormProps) {
  const { t } = useTranslation();
  const texts = { suggestions: t('board.suggestions'), noSuggestions: t('board.noSuggestions'), hint: t('board.addressHint'), locality: t('board.locality') };
  return (
    <div className="board-area">
      <PlaceField label={t('board.from')} place={choice.from} texts={texts} onPick={(from) => update({ from })} />
      <PlaceField label={t('board.to')} place={choice.to} texts={texts} onPick={(to) => update({ to })} />
      <div className="field">
        <label htmlFor="board-detour">{t('board.detour')}</label>
        <select id="board-detour" value={choice.detour} onChange={(e) => update({ detour: Number(e.target.value) as BoardChoice['detour'] })}>
          {DETOURS.map((d) => (
            <option key={d} value={d}>
              {t('board.km', { km: d })}
            </option>
          ))}
        </select>
      </div>
      {(!choice.from || !choice.to) && <p className="field-hint">{t('board.routeHint')}</p>}
    </div>
  );
}

function PlaceField({ label, place, texts, onPick }: { label: string; place: Place | null; texts: Parameters<typeof AddressAutocomplete>[0]['texts']; onPick: (p: Place) => void }) {
  const [text, setText] = useState(place?.label ?? '');
  return (
    <AddressAutocomplete
      label={label}
      texts={texts}
      text={text}
      onText={setText}
      picked={place !== null && place.label === text}
      onPick={(a) => {
        setText(a.formatted);
        onPick({ label: a.formatted, lat: a.lat, lng: a.lng });
      }}
    />
  );
}

/** Km with one decimal, as the server rounds them (estimates: straight lines). */
const oneDecimal = (km: number) => new Intl.NumberFormat(localeTag(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km);
const distance = (t: ReturnType<typeof useTranslation>['t'], item: BoardItem) =>
  item.detour_km !== null ? t('board.detourKm', { km: oneDecimal(item.detour_km) }) : t('board.distanceKm', { km: oneDecimal(item.distance_km) });

/** The board as cards: towns and postcodes, windows, packages, distance or detour, the driver's own offer. */
function BoardList({ items, fresh }: { items: BoardItem[]; fresh: Set<number> }) {
  const { t } = useTranslation();
  return (
    <ul className="plain-list job-list" data-testid="board-list">
      {items.map((job) => (
        <li key={job.id} className={`card job-card${fresh.has(job.id) ? ' job-card-new' : ''}`}>
          {fresh.has(job.id) && <p className="badge badge-new">{t('board.new')}</p>}
          <h2 className="job-route">
            <Link to={`/work/${job.id}`} aria-label={t('work.open', { ref: job.reference_id })}>
              {town(job.pickup_location)} → {town(job.delivery_location)}
            </Link>
          </h2>
          <p className="job-meta">{t('board.pickupWindow', { window: timeWindow(job.pickup_date_from, job.pickup_date_till, job.pickup_timezone) })}</p>
          <p className="job-meta">{t('board.deliveryWindow', { window: timeWindow(job.delivery_date_from, job.delivery_date_till, job.delivery_timezone) })}</p>
          <p className="job-meta">
            {t('work.packages', { count: job.packages.length })} · {distance(t, job)}
          </p>
          {job.my_offer && job.my_offer.state === 'open' && <p className="badge">{t('work.yourOffer', { price: euro(job.my_offer.price) })}</p>}
        </li>
      ))}
    </ul>
  );
}

function BoardMap({ items, choice, position, fresh }: { items: BoardItem[]; choice: BoardChoice; position: { lat: number; lng: number } | null; fresh: Set<number> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pins = useMemo(
    () =>
      items.map((job) => ({
        id: job.id,
        lat: job.pickup_location.lat,
        lng: job.pickup_location.lng,
        highlighted: fresh.has(job.id),
        label: t('board.pin', { route: `${town(job.pickup_location)} → ${town(job.delivery_location)}`, distance: distance(t, job) }),
      })),
    [items, fresh, t],
  );
  const origins = useMemo(() => {
    if (choice.mode === 'position') return position ? [{ ...position, label: t('board.you') }] : [];
    return [choice.from, choice.to].filter((p): p is Place => p !== null).map((p) => ({ lat: p.lat, lng: p.lng, label: p.label }));
  }, [choice.mode, choice.from, choice.to, position, t]);
  return <PinsMap pins={pins} origins={origins} onOpen={(id) => void navigate(`/work/${id}`)} labels={{ map: t('board.mapLabel', { count: items.length }) }} testId="board-map" />;
}
