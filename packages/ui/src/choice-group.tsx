import { useId } from 'react';

type Option<V extends string> = { value: V; label: string; hint?: string; disabled?: boolean };
type Props<V extends string> = { legend: string; name: string; value: V | null; options: Option<V>[]; onChange: (v: V) => void; error?: string; cards?: boolean };

/** A set of radio buttons shown as buttons or cards; disabled choices cannot be picked. */
export function ChoiceGroup<V extends string>({ legend, name, value, options, onChange, error, cards }: Props<V>) {
  const errorId = useId();
  return (
    <fieldset className="choice-group" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className={cards ? 'choice-cards' : 'choice-buttons'}>
        {options.map((o) => (
          <label key={o.value} className={`choice${value === o.value ? ' choice-selected' : ''}${o.disabled ? ' choice-disabled' : ''}`}>
            <input type="radio" name={name} value={o.value} checked={value === o.value} disabled={o.disabled} onChange={() => onChange(o.value)} />
            <span className="choice-label">{o.label}</span>
            {o.hint && <span className="choice-hint">{o.hint}</span>}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
