import { useState } from 'react';

// The text a person types into the app's own date and time fields, and the value it stands for.
// The value changes only when the text is complete and valid; leaving the field tidies the text
// or names what is wrong with it. The form's own error speaks only of the value that is shown.

type Options = {
  value: string;
  onChange: (value: string) => void;
  /** The value the text stands for, or null when it is not valid. */
  parse: (text: string) => string | null;
  toText: (value: string) => string;
  /** True once nothing more can be typed: only then is a wrong text an error while typing. */
  looksComplete: (text: string) => boolean;
  /** The catalogue key for a complete text that is wrong, and for an unfinished one left behind. */
  invalid: string;
  incomplete: string;
};

export function useTypedValue({ value, onChange, parse, toText, looksComplete, invalid, incomplete }: Options) {
  const [text, setText] = useState(() => toText(value));
  const [formatError, setFormatError] = useState<string | undefined>();
  // A new value from outside (the calendar, a reset) replaces the text, unless the text already says it.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (parse(text) !== value && (value || parse(text))) setText(toText(value));
  }

  function typed(next: string) {
    setText(next);
    setFormatError(undefined);
    if (!next.trim()) return onChange('');
    if (!looksComplete(next)) return;
    const parsed = parse(next);
    if (parsed) onChange(parsed);
    else setFormatError(invalid);
  }

  function left() {
    if (!text.trim()) return;
    const parsed = parse(text);
    if (!parsed) return setFormatError(looksComplete(text) ? invalid : incomplete);
    setText(toText(parsed));
    if (parsed !== value) onChange(parsed);
  }

  /** A value chosen another way (the calendar): shown at once, with no error of its own. */
  function chose(next: string) {
    setText(toText(next));
    setFormatError(undefined);
    onChange(next);
  }

  const errorFor = (formError?: string) => formatError ?? (parse(text) === (value || null) || !text.trim() ? formError : undefined);
  return { text, parsed: parse(text), typed, left, chose, errorFor };
}
