import type { Address } from '@vm/domain/address';
import { useEffect, useId, useRef, useState } from 'react';
import { autocomplete } from '@vm/client/api/geo-autocomplete.ts';

/** An address the sender used before, offered above the geocoder's suggestions. */
export type RememberedAddress = { address: Address; label: string };

/** The component's words, from the app's catalogue. */
export type AddressAutocompleteTexts = {
  /** The list's name. */
  suggestions: string;
  /** Said when the geocoder found nothing for the text. */
  noSuggestions: string;
  /** Under the field: how to use it. */
  hint: string;
  /** Next to a remembered address. */
  usedBefore?: string;
  /** Next to a suggestion that is a town only. */
  locality?: string;
};

type Props = {
  label: string;
  texts: AddressAutocompleteTexts;
  text: string;
  onText: (t: string) => void;
  onPick: (a: Address) => void;
  /** The error, already in words. */
  error?: string;
  /** The text is an address picked from the list; by default, the text last picked in this field. */
  picked?: boolean;
  /** Earlier addresses that fit the text (the caller filters them), shown first, also before anything is typed. */
  remembered?: RememberedAddress[];
  onPickRemembered?: (index: number) => void;
};

/**
 * An address field: the user types, our server suggests (ARIA 1.2 combobox with a listbox). Shared
 * by the sender's booking and the driver's route on the job board.
 */
export function AddressAutocomplete({ label, texts, text, onText, onPick, error, picked, remembered = [], onPickRemembered }: Props) {
  const id = useId();
  const [suggestions, setSuggestions] = useState<Address[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text the suggestions belong to, so "nothing found" is said only once the answer is in.
  const [answered, setAnswered] = useState('');
  // Enter pressed before the answer for the typed text came in: the best suggestion is taken when it does.
  const enterPending = useRef(false);
  const lastPicked = useRef<string | null>(null);
  const onPickLatest = useRef(onPick);
  useEffect(() => {
    onPickLatest.current = onPick;
  });

  useEffect(() => {
    if (text.trim().length < 2) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      autocomplete(text, abort.signal)
        .then((list) => {
          setSuggestions(list);
          setActive(-1);
          setAnswered(text);
          if (enterPending.current && list[0]) {
            enterPending.current = false;
            lastPicked.current = list[0].formatted;
            onPickLatest.current(list[0]);
            setOpen(false);
          }
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
    enterPending.current = false;
    lastPicked.current = a.formatted;
    onPick(a);
    setOpen(false);
  };
  const pickRemembered = (i: number) => {
    enterPending.current = false;
    lastPicked.current = remembered[i]!.address.formatted;
    onPickRemembered?.(i);
    setOpen(false);
  };
  // One list: the remembered addresses, then the geocoder's (whose answer is for 2 letters or more).
  const found = text.trim().length >= 2 ? suggestions : [];
  const options = [...remembered.map((r, i) => ({ key: `r-${i}`, text: r.label, hint: texts.usedBefore ?? '', choose: () => pickRemembered(i) })), ...found.map((a, i) => ({ key: `${a.formatted}-${a.lat}-${i}`, text: a.formatted, hint: a.precision === 'locality' ? (texts.locality ?? '') : '', choose: () => pick(a) }))];
  const visible = open && options.length > 0;
  const nothingFound = open && text.trim().length >= 2 && answered === text && suggestions.length === 0 && remembered.length === 0;
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
          enterPending.current = false;
          onText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          // Enter takes the highlighted suggestion, or else the best one for the text as typed: when
          // the list still shows an older text's answer, the new answer is waited for.
          if (e.key === 'Enter' && open && (text.trim().length >= 2 || (visible && active >= 0)) && !(picked ?? lastPicked.current === text)) {
            const chosen = visible && active >= 0 ? options[active] : undefined;
            const best = answered === text ? suggestions[0] : undefined;
            if (chosen) chosen.choose();
            else if (best) pick(best);
            else if (answered !== text) enterPending.current = true;
            // Nothing found for this text: Enter goes on to the form, which says what is missing.
            else return;
            e.preventDefault();
            return;
          }
          if (!visible) return;
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, options.length - 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (e.key === 'Escape') setOpen(false);
          else return;
          e.preventDefault();
        }}
        // Back in the field, an address not picked yet shows its suggestions again (the error under
        // the field tells the sender to pick one there).
        onFocus={() => {
          window.clearTimeout(closing.current);
          if (!(picked ?? lastPicked.current === text)) setOpen(true);
        }}
        onBlur={() => {
          closing.current = window.setTimeout(() => setOpen(false), 150);
        }}
      />
      {visible && (
        <ul id={`${id}-list`} role="listbox" aria-label={texts.suggestions} className="suggestions">
          {options.map((o, i) => (
            <li key={o.key} id={`${id}-opt-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={o.choose}>
              {o.text}
              {o.hint && <span className="choice-hint"> · {o.hint}</span>}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="field-hint" data-testid="address-status">
        {nothingFound ? texts.noSuggestions : ''}
      </p>
      <p id={`${id}-hint`} className="field-hint">
        {texts.hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
