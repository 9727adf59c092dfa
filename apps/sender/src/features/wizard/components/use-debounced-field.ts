import { useEffect, useRef, useState } from 'react';

/**
 * Local text that is written back 300 ms after the last keystroke (SPEC section 5). A value set
 * from elsewhere (an address picked from the address book brings its instructions) replaces it.
 */
export function useDebouncedField(value: string, save: (v: string) => void, ms = 300): [string, (v: string) => void, () => void] {
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  const written = useRef(value);
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    window.clearTimeout(timer.current);
    setText(value);
  }, [value]);
  const write = (v: string) => {
    written.current = v;
    latestSave.current(v);
  };
  return [
    text,
    (v: string) => {
      setText(v);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => write(v), ms);
    },
    // On blur nothing waits: a click on Next right after typing sees the text.
    () => {
      window.clearTimeout(timer.current);
      write(text);
    },
  ];
}
