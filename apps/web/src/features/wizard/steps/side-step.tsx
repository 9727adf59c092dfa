import type { Address } from '@vm/domain/address';
import {
  customTillMin,
  type DayChoice,
  dayRange,
  deliveryCustomStartMin,
  deliveryDayOptions,
  deliveryTimeOptions,
  LATEST_CUSTOM_END,
  LATEST_CUSTOM_START,
  pickupDayOptions,
  type TimeChoice,
  timeOptions,
  todayIn,
} from '@vm/domain/time-windows';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { addressAtPoint, timezoneOf } from '../../../lib/geo-api.ts';
import { AddressAutocomplete } from '../../../components/address-autocomplete.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { LocationMap } from '../components/location-map.tsx';
import { useDebouncedField } from '../components/use-debounced-field.ts';
import { type StepErrors, windowChoice } from '../to-shipment.ts';
import { setWizard, type SideState, type WizardState } from '../wizard-state.ts';

const DAYS: DayChoice[] = ['today', 'tomorrow', 'this_week', 'custom'];
const TIMES: TimeChoice[] = ['workday', 'evening', 'arrangement', 'custom'];

type Props = { side: 'pickup' | 'delivery'; state: WizardState; errors: StepErrors; now: Date };

export function SideStep({ side, state, errors, now }: Props) {
  const { t } = useTranslation();
  const value = state[side];
  const update = (patch: Partial<SideState>) => setWizard((s) => ({ ...s, [side]: { ...s[side], ...patch } }));
  const [company, setCompany, flushCompany] = useDebouncedField(value.companyName, (companyName) => update({ companyName }));
  const [instructions, setInstructions, flushInstructions] = useDebouncedField(value.instructions, (v) => update({ instructions: v }));

  // Every rule is judged on the pickup's clock (SPEC section 4).
  const tz = state.pickup.timezone;
  const pickupChoice = windowChoice(state.pickup);
  const dayOptions = side === 'pickup' || !pickupChoice ? pickupDayOptions(now, tz) : deliveryDayOptions(pickupChoice, now, tz);
  const start = value.day ? dayRange({ day: value.day, dateFrom: value.dateFrom, dateTill: value.dateTill, time: 'arrangement' }, todayIn(now, tz)).from : todayIn(now, tz);
  const timeOpts = side === 'pickup' || !pickupChoice ? timeOptions(start, now, tz) : deliveryTimeOptions(pickupChoice, start, now, tz);
  const minStart = side === 'delivery' && pickupChoice ? deliveryCustomStartMin(pickupChoice, start, todayIn(now, tz)) : '00:00';

  const [mapError, setMapError] = useState<string | undefined>();

  async function pick(address: Address) {
    setMapError(undefined);
    update({ address, addressText: address.formatted });
    const { timezone } = await timezoneOf(address.lat, address.lng).catch(() => ({ timezone: value.timezone }));
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
          onChange={(day) => update({ day, time: null })}
        />
      )}
      {value.address && value.day === 'custom' && (
        <div className="field-pair">
          <Field label={t('wizard.dateFrom')} type="date" min={todayIn(now, tz)} value={value.dateFrom} onChange={(e) => update({ dateFrom: e.target.value, time: null })} error={errors.dateFrom} />
          <Field label={t('wizard.dateTill')} type="date" min={value.dateFrom || todayIn(now, tz)} value={value.dateTill} onChange={(e) => update({ dateTill: e.target.value })} error={errors.dateTill} />
        </div>
      )}
      {value.address && value.day && (value.day !== 'custom' || value.dateFrom) && (
        <ChoiceGroup
          legend={t('wizard.time')}
          name={`${side}-time`}
          value={value.time}
          error={errors.time ? t(`validation.${errors.time}`) : undefined}
          options={TIMES.map((x) => ({ value: x, label: t(`wizard.times.${x}`), disabled: !timeOpts[x] }))}
          onChange={(time) => update(time === 'custom' ? { time, timeFrom: minStart === '00:00' ? '08:00' : minStart, timeTill: customTillMin(minStart === '00:00' ? '08:00' : minStart) } : { time })}
        />
      )}
      {value.time === 'custom' && (
        <div className="field-pair">
          <Field
            label={t('wizard.timeFrom')}
            type="time"
            step={60}
            min={minStart}
            max={LATEST_CUSTOM_START}
            value={value.timeFrom}
            onChange={(e) => update({ timeFrom: e.target.value, timeTill: value.timeTill < customTillMin(e.target.value) ? customTillMin(e.target.value) : value.timeTill })}
            error={errors.timeFrom}
          />
          <Field label={t('wizard.timeTill')} type="time" step={60} min={customTillMin(value.timeFrom || '00:00')} max={LATEST_CUSTOM_END} value={value.timeTill} onChange={(e) => update({ timeTill: e.target.value })} error={errors.timeTill} />
        </div>
      )}
      {value.address && <p className="field-hint">{t('wizard.timezone', { tz })}</p>}
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
