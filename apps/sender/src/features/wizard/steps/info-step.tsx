import { ITEM_TYPE_INFO, ITEM_TYPES, MAX_PHOTOS, PALLET_TYPES, PREDEFINED_SIZES } from '@vm/domain/packages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, TextAreaField } from '@vm/ui/field.tsx';
import { MissingPhotos, PhotoInput } from '../components/photo-input.tsx';
import { ITEM_TAGS, itemFlags } from '../item-flags.ts';
import { setPhotos } from '../photo-store.ts';
import type { StepErrors } from '../to-shipment.ts';
import { type CustomItem, setWizard, type WizardState } from '../wizard-state.ts';

const ICONS: Record<CustomItem['type'], string> = { boxed: '📦', pallet: '🟫', unboxed: '🪑' };

export function InfoStep({ state, errors }: { state: WizardState; errors: StepErrors }) {
  const { t } = useTranslation();
  if (state.type && state.type !== 'custom') {
    const size = PREDEFINED_SIZES[state.type];
    return (
      <div>
        <div className="notice-info">
          <p>{t('wizard.limits')}:</p>
          <p className="size">{t('wizard.size', size)}</p>
        </div>
        <TextAreaField label={t('wizard.description')} value={state.description} onChange={(e) => setWizard((s) => ({ ...s, description: e.target.value }))} error={errors.description} />
        {state.editing ? <p className="field-hint hint-block">{t('booking.photosKept')}</p> : <PhotoInput photoKey="fixed" max={MAX_PHOTOS[state.type]} />}
      </div>
    );
  }
  return state.editing ? <ItemDescriptions state={state} errors={errors} /> : <CustomItems state={state} errors={errors} />;
}

/** A job being changed: each item's description, its size and photos as booked (decision 0023). */
function ItemDescriptions({ state, errors }: { state: WizardState; errors: StepErrors }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="notice-info">{t('booking.itemsLocked')}</p>
      {state.items.map((item, i) => (
        <TextAreaField
          key={item.id}
          label={`${ICONS[item.type]} ${t(`wizard.itemTypes.${item.type}`)} · ${t('wizard.itemSummary', item)}`}
          value={item.description}
          onChange={(e) => setWizard((s) => ({ ...s, items: s.items.map((x) => (x.id === item.id ? { ...x, description: e.target.value } : x)) }))}
          error={errors[`items.${i}`]}
        />
      ))}
    </div>
  );
}

const newItem = (): CustomItem => ({ id: crypto.randomUUID(), type: 'boxed', width: '', height: '', length: '', weight: '', description: '', tags: [], palletType: 'euro_pallet', mustBeTraded: false });

function CustomItems({ state, errors }: { state: WizardState; errors: StepErrors }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CustomItem | null>(null);
  return (
    <div>
      {state.items.length === 0 ? (
        <p className="muted">{t('wizard.noItems')}</p>
      ) : (
        <ul className="item-list">
          {state.items.map((item, i) => (
            <li key={item.id} className="item-row">
              <span aria-hidden="true" className="item-icon">
                {ICONS[item.type]}
              </span>
              <span>
                <strong>{t(`wizard.itemTypes.${item.type}`)}</strong> · {item.description} · {t('wizard.itemSummary', item)}
                {itemFlags(item).map((flag) => ` · ${t(flag)}`)}
                {errors[`items.${i}`] && <span className="field-error"> {t(`validation.${errors[`items.${i}`]}`)}</span>}
                <MissingPhotos photoKey={item.id} />
              </span>
              <button
                type="button"
                className="button button-ghost"
                onClick={() => {
                  setPhotos(item.id, []);
                  setWizard((s) => ({ ...s, items: s.items.filter((x) => x.id !== item.id) }));
                }}
              >
                {t('wizard.deleteItem', { name: item.description || t(`wizard.itemTypes.${item.type}`) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {errors.items && <p className="field-error">{t(`validation.${errors.items}`)}</p>}
      {draft ? (
        <ItemCreator
          draft={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSubmit={(item) => {
            setWizard((s) => ({ ...s, items: [...s.items, item] }));
            setDraft(null);
          }}
        />
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setDraft(newItem())}>
          + {t('wizard.addItem')}
        </button>
      )}
    </div>
  );
}

function ItemCreator({ draft, onChange, onCancel, onSubmit }: { draft: CustomItem; onChange: (d: CustomItem) => void; onCancel: () => void; onSubmit: (item: CustomItem) => void }) {
  const { t } = useTranslation();
  const limits = ITEM_TYPE_INFO[draft.type];
  const fixedFootprint = draft.type === 'pallet' && draft.palletType !== 'other_pallet';
  const [errors, setErrors] = useState<Record<string, string>>({});
  const num = (key: 'width' | 'height' | 'length' | 'weight', label: string, max: number) => (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      hint={t('wizard.max', { max })}
      value={fixedFootprint && (key === 'width' || key === 'length') ? (key === 'width' ? '80' : '120') : draft[key]}
      disabled={fixedFootprint && (key === 'width' || key === 'length')}
      onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
      error={errors[key]}
    />
  );
  function submit() {
    const e: Record<string, string> = {};
    const checks: [keyof CustomItem & ('width' | 'height' | 'length' | 'weight'), number][] = [
      ['width', limits.maxWidth],
      ['height', limits.maxHeight],
      ['length', limits.maxDepth],
      ['weight', limits.maxWeight],
    ];
    for (const [k, max] of checks) {
      const v = Number(fixedFootprint && k === 'width' ? 80 : fixedFootprint && k === 'length' ? 120 : draft[k]);
      if (!draft[k] && !(fixedFootprint && (k === 'width' || k === 'length'))) e[k] = 'required';
      else if (!Number.isInteger(v)) e[k] = 'number_whole';
      else if (v < 1) e[k] = 'dimension_min';
      else if (v > max) e[k] = 'dimension_max';
    }
    if (!draft.description.trim()) e.description = 'required';
    setErrors(e);
    // Euro and ISO pallets keep their fixed 80 x 120 footprint.
    if (Object.keys(e).length === 0) onSubmit(fixedFootprint ? { ...draft, width: '80', length: '120' } : draft);
  }
  return (
    <div className="card item-creator">
      <div className="field">
        <label htmlFor={`type-${draft.id}`}>{t('wizard.itemType')}</label>
        <select
          id={`type-${draft.id}`}
          value={draft.type}
          onChange={(e) => {
            const type = e.target.value as CustomItem['type'];
            // Pallet exchange belongs to pallets only.
            onChange(type === 'pallet' ? { ...draft, type } : { ...draft, type, mustBeTraded: false, tags: draft.tags.filter((x) => x !== 'pallet_exchange') });
          }}
        >
          {ITEM_TYPES.map((type) => (
            <option key={type} value={type} disabled={!ITEM_TYPE_INFO[type].enabled}>
              {t(`wizard.itemTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {draft.type === 'pallet' && (
        <div className="field">
          <label htmlFor={`pallet-${draft.id}`}>{t('wizard.palletType')}</label>
          <select id={`pallet-${draft.id}`} value={draft.palletType} onChange={(e) => onChange({ ...draft, palletType: e.target.value as CustomItem['palletType'] })}>
            {PALLET_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(`wizard.palletTypes.${p}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field-pair">
        {num('width', t('wizard.width'), limits.maxWidth)}
        {num('height', t('wizard.height'), limits.maxHeight)}
        {num('length', t('wizard.depth'), limits.maxDepth)}
        {num('weight', t('wizard.weight'), limits.maxWeight)}
      </div>
      <TextAreaField label={t('wizard.description')} value={draft.description} onChange={(e) => onChange({ ...draft, description: e.target.value })} error={errors.description} />
      <fieldset className="choice-group">
        <legend>{t('wizard.tagsTitle')}</legend>
        <div className="switches">
          {ITEM_TAGS.map((tag) => (
            <label key={tag} className="switch">
              <input
                type="checkbox"
                checked={draft.tags.includes(tag)}
                onChange={(e) => onChange({ ...draft, tags: e.target.checked ? [...draft.tags, tag] : draft.tags.filter((x) => x !== tag) })}
              />
              {t(`wizard.tags.${tag}`)}
            </label>
          ))}
          {draft.type === 'pallet' && (
            <label className="switch">
              <input type="checkbox" checked={draft.mustBeTraded} onChange={(e) => onChange({ ...draft, mustBeTraded: e.target.checked })} />
              {t('wizard.mustBeTraded')}
            </label>
          )}
        </div>
      </fieldset>
      <PhotoInput photoKey={draft.id} max={MAX_PHOTOS[draft.type]} />
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={submit}>
          {t('wizard.submitItem')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('wizard.cancelItem')}
        </button>
      </div>
    </div>
  );
}
