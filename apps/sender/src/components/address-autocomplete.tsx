import type { Address } from '@vm/domain/address';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationText } from '../lib/i18n.ts';
import { autocomplete } from '../lib/geo-api.ts';

type Props = { label: string; text: string; onText: (t: string) => void; onPick: (a: Address) => void; error?: string };

/** A combobox: the sender types, our server suggests (ARIA 1.2 combobox with a listbox). */
export function AddressAutocomplete({ label, text, onText, onPick, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [suggestions, setSuggestions] = useState<Address[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text the suggestions belong to, so "nothing found" is said only once the answer is in.
  const [answered, setAnswered] = useState('');

  useEffect(() => {
    if (text.trim().length < 2) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      autocomplete(text, abort.signal)
        .then((list) => {
          setSuggestions(list);
          setActive(-1);
          setAnswered(text);
        })
        .catch(() => undefined);
    }, 300);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [text]);

  // The list closes a moment after the field loses focus (a click on a suggestion lands first);
  // the timer goes with the field, so it never runs after the page has gone.
  const closing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closing.current), []);

  const pick = (a: Address) => {
    onPick(a);
    setOpen(false);
  };
  const visible = open && text.trim().length >= 2 && suggestions.length > 0;
  const nothingFound = open && text.trim().length >= 2 && answered === text && suggestions.length === 0;
  return (
    <div className="field autocomplete">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        role="combobox"
        aria-expanded={visible}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={visible && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          onText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (!visible) return;
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, suggestions.length - 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          // Enter takes the highlighted suggestion, or the best one when none is highlighted.
          else if (e.key === 'Enter') pick(suggestions[Math.max(active, 0)]!);
          else if (e.key === 'Escape') setOpen(false);
          else return;
          e.preventDefault();
        }}
        onBlur={() => {
          closing.current = window.setTimeout(() => setOpen(false), 150);
        }}
      />
      {visible && (
        <ul id={`${id}-list`} role="listbox" aria-label={t('wizard.suggestions')} className="suggestions">
          {suggestions.map((s, i) => (
            <li key={`${s.formatted}-${s.lat}-${i}`} id={`${id}-opt-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(s)}>
              {s.formatted}
              {s.precision === 'locality' && <span className="choice-hint"> · {t('wizard.precisionLocality')}</span>}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="field-hint" data-testid="address-status">
        {nothingFound ? t('wizard.noSuggestions') : ''}
      </p>
      <p id={`${id}-hint`} className="field-hint">
        {t('wizard.addressHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {validationText(error)}
        </p>
      )}
    </div>
  );
}
