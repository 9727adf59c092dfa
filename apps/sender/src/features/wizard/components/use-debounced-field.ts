import { useEffect, useRef, useState } from 'react';

/** Local text that is written back 300 ms after the last keystroke (SPEC section 5). */
export function useDebouncedField(value: string, save: (v: string) => void, ms = 300): [string, (v: string) => void, () => void] {
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [
    text,
    (v: string) => {
      setText(v);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latestSave.current(v), ms);
    },
    // On blur nothing waits: a click on Next right after typing sees the text.
    () => {
      window.clearTimeout(timer.current);
      latestSave.current(text);
    },
  ];
}
