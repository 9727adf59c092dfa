import { useEffect, useRef } from 'react';

/** A page's notice of what just happened (lifted, decided), focused so that it is read and found. */
export function PageNotice({ text }: { text: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  if (!text) return null;
  return (
    <p className="notice" role="status" tabIndex={-1} ref={ref}>
      {text}
    </p>
  );
}
