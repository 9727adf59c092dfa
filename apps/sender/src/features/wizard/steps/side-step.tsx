import type { Address } from '@vm/domain/address';
import {
  checkCustomDates,
  checkWindow,
  customTillMin,
  type DayChoice,
  dayRange,
  deliveryDayOptions,
  deliveryTimeOptions,
  pickupDayOptions,
  type TimeChoice,
  timeOptions,
  todayIn,
} from '@vm/domain/time-windows';
import { timeWindow } from '@vm/client/zoned-format.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@vm/ui/date-field.tsx';
import { Field, TextAreaField } from '@vm/ui/field.tsx';
import { TimeField } from '@vm/ui/time-field.tsx';
import { getTimezone } from '../api/get-timezone.ts';
import { addressAtPoint } from '../api/reverse-geocode.ts';
import { AddressAutocomplete } from '../../../components/address-autocomplete.tsx';
import { ChoiceGroup } from '@vm/ui/choice-group.tsx';
import { LocationMap } from '../components/location-map.tsx';
import { useDebouncedField } from '../components/use-debounced-field.ts';
import { matchingPlaces, type SavedPlace } from '../address-book.ts';
import { keepsBookedWindow, sideWindow, type StepErrors, windowChoice } from '../to-shipment.ts';
import { setWizard, type SideState, type WizardState } from '../wizard-state.ts';

const DAYS: DayChoice[] = ['today', 'tomorrow', 'this_week', 'custom'];
const TIMES: TimeChoice[] = ['workday', 'evening', 'arrangement', 'custom'];

type Props = { side: 'pickup' | 'delivery'; state: WizardState; errors: StepErrors; now: Date; savedPlaces?: SavedPlace[] };

export function SideStep({ side, state, errors, now, savedPlaces = [] }: Props) {
  const { t } = useTranslation();
  const value = state[side];
  const update = (patch: Partial<SideState>) => setWizard((s) => ({ ...s, [side]: { ...s[side], ...patch } }));
  const [company, setCompany, flushCompany] = useDebouncedField(value.companyName, (companyName) => update({ companyName }));
  const [instructions, setInstructions, flushInstructions] = useDebouncedField(value.instructions, (v) => update({ instructions: v }));

  // Every rule is judged on the pickup's clock (SPEC section 4).
  const tz = state.pickup.timezone;
  const pickupChoice = windowChoice(state.pickup);
  const dayOptions = side === 'pickup' || !pickupChoice ? pickupDayOptions(now, tz) : deliveryDayOptions(pickupChoice, now, tz);
  const today = todayIn(now, tz);
  const daysOf = (v: SideState) => dayRange({ day: v.day ?? 'today', dateFrom: v.dateFrom, dateTill: v.dateTill, time: 'arrangement' }, today);
  const timeOptionsFor = (v: SideState) => {
    const days = daysOf(v);
    return side === 'pickup' || !pickupChoice ? timeOptions(days.from, now, tz) : deliveryTimeOptions(pickupChoice, days.from, now, tz, days.till);
  };
  const timeOpts = timeOptionsFor(value);
  /** A new day or date keeps the chosen time slot when it is still offered there. */
  const keepTime = (patch: Partial<SideState>): Partial<SideState> => {
    const next = { ...value, ...patch };
    return !next.time || timeOptionsFor(next)[next.time] ? patch : { ...patch, time: null };
  };

  // Custom dates and times are judged as soon as they are entered, not only on Next (SPEC section 5).
  const live: Record<string, string> = {};
  const pickupForRules = side === 'delivery' ? (pickupChoice ?? undefined) : undefined;
  // A job being changed keeps its booked window without being judged again (to-shipment.ts).
  const keepsBooked = keepsBookedWindow(state, side, now);
  if (value.day === 'custom' && value.dateFrom && !keepsBooked) {
    for (const e of checkCustomDates(daysOf(value), now, tz, pickupForRules)) live[e.field] ??= e.key;
  }
  const choice = windowChoice(value);
  if (choice?.time === 'custom' && value.timeFrom && value.timeTill && !keepsBooked) {
    for (const e of checkWindow(choice, now, tz, pickupForRules)) if (e.field === 'timeFrom' || e.field === 'timeTill') live[e.field] ??= e.key;
  }
  const fieldError = (f: 'dateFrom' | 'dateTill' | 'timeFrom' | 'timeTill') => errors[f] ?? live[f];
  // The window the choice makes, in words: 'Deze week' with 08:00 - 09:00 is one window from
  // Wednesday 08:00 to Sunday 09:00, not an hour each day, and the sender should see that.
  const complete = choice && (choice.time !== 'custom' || (value.timeFrom && value.timeTill)) && (choice.day !== 'custom' || value.dateFrom);
  const seconds = complete && (keepsBooked || checkWindow(choice, now, tz, pickupForRules).length === 0) ? sideWindow(state, side, now) : null;
  const window = seconds ? timeWindow(seconds.from, seconds.till, value.timezone) : null;

  const [mapError, setMapError] = useState<string | undefined>();

  // The address book: earlier places that fit what is typed; one brings its company and instructions.
  const remembered = matchingPlaces(savedPlaces, value.address ? '' : value.addressText);
  function pickPlace(place: SavedPlace) {
    update({ isBusiness: place.companyName ? '1' : '0', companyName: place.companyName, instructions: place.instructions });
    void pick(place.address);
  }

  async function pick(address: Address) {
    setMapError(undefined);
    update({ address, addressText: address.formatted });
    const { timezone } = await getTimezone(address.lat, address.lng).catch(() => ({ timezone: value.timezone }));
    update({ timezone });
  }

  /** A click or drag on the map: the place found there, or the SPEC's message when there is none. */
  async function pickOnMap(p: { lat: number; lng: number }): Promise<boolean> {
    // The street and number already given stay; only the point, postcode and town change.
    const found = await addressAtPoint(value.address, value.addressText, p.lat, p.lng);
    if (!found) setMapError('no_address_found');
    else await pick(found);
    return found !== null;
  }
  return (
    <div className="side-step">
      <ChoiceGroup
        legend={t('wizard.addressKind')}
        name={`${side}-kind`}
        value={value.isBusiness}
        options={[
          { value: '0', label: t('wizard.private') },
          { value: '1', label: t('wizard.business') },
        ]}
        // Turning business off clears the company name (SPEC section 5).
        onChange={(isBusiness) => update(isBusiness === '1' ? { isBusiness } : { isBusiness, companyName: '' })}
      />
      {value.isBusiness === '1' && <Field label={t('wizard.companyName')} value={company} onChange={(e) => setCompany(e.target.value)} onBlur={flushCompany} autoComplete="organization" />}
      <AddressAutocomplete
        label={t('wizard.address')}
        text={value.addressText}
        onText={(addressText) => {
          setMapError(undefined);
          update({ addressText, address: null });
        }}
        onPick={pick}
        picked={value.address !== null}
        remembered={remembered.map((p) => ({ address: p.address, label: p.companyName ? `${p.companyName}, ${p.address.formatted}` : p.address.formatted }))}
        onPickRemembered={(i) => pickPlace(remembered[i]!)}
        error={mapError ?? errors.address}
      />
      <LocationMap point={value.address} label={t('wizard.map')} onPick={pickOnMap} />

      {value.address && (
        <ChoiceGroup
          legend={t('wizard.day')}
          name={`${side}-day`}
          value={value.day}
          error={errors.day ? t(`validation.${errors.day}`) : undefined}
          options={DAYS.map((d) => ({ value: d, label: t(`wizard.days.${d}`), disabled: !dayOptions[d] }))}
          onChange={(day) => update(keepTime({ day }))}
        />
      )}
      {value.address && value.day === 'custom' && (
        <div className="field-pair">
          <DateField label={t('wizard.dateFrom')} today={today} min={today} value={value.dateFrom} onChange={(dateFrom) => update(keepTime({ dateFrom }))} error={fieldError('dateFrom')} />
          <DateField label={t('wizard.dateTill')} today={today} min={value.dateFrom || today} value={value.dateTill} onChange={(dateTill) => update(keepTime({ dateTill }))} error={fieldError('dateTill')} />
        </div>
      )}
      {value.address && value.day && (value.day !== 'custom' || value.dateFrom) && (
        <ChoiceGroup
          legend={t('wizard.time')}
          name={`${side}-time`}
          value={value.time}
          error={errors.time ? t(`validation.${errors.time}`) : undefined}
          options={TIMES.map((x) => ({ value: x, label: t(`wizard.times.${x}`), disabled: !timeOpts[x] }))}
          // Custom times start empty: a prefilled 08:00 was kept unnoticed, and typing into it changed nothing.
          onChange={(time) => update(time === 'custom' ? { time, timeFrom: '', timeTill: '' } : { time })}
        />
      )}
      {value.address && value.day && (value.day !== 'custom' || value.dateFrom) && value.time === 'custom' && (
        <div className="field-pair">
          <TimeField
            label={t('wizard.timeFrom')}
            value={value.timeFrom}
            onChange={(timeFrom) => update(timeFrom && value.timeTill < customTillMin(timeFrom) ? { timeFrom, timeTill: customTillMin(timeFrom) } : { timeFrom })}
            error={fieldError('timeFrom')}
          />
          <TimeField label={t('wizard.timeTill')} value={value.timeTill} onChange={(timeTill) => update({ timeTill })} error={fieldError('timeTill')} />
        </div>
      )}
      {window && (
        <p className="field-hint hint-block" data-testid={`${side}-window`}>
          {t('wizard.windowIs', { window })}
        </p>
      )}
      {value.address && <p className="field-hint hint-block">{t('wizard.timezone', { tz })}</p>}
      <TextAreaField
        label={t('wizard.instructions')}
        hint={t('wizard.instructionsHint')}
        value={instructions}
        onChange={(e) => setInstructions(e.target.value)}
        onBlur={flushInstructions}
        error={errors.instructions}
      />
    </div>
  );
}
