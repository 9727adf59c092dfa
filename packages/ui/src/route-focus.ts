import { type RefObject, useEffect, useRef, useState } from 'react';

/** Focuses the page heading (h1) inside `root`, making it focusable by script only; false when there is none yet. */
export function focusHeading(root: ParentNode | null): boolean {
  const h1 = root?.querySelector<HTMLElement>('h1');
  if (!h1) return false;
  if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
  h1.focus();
  return true;
}

/**
 * After a route change, focus moves to the new page's heading inside `main` (as soon as the page
 * shows it: a job's heading comes with its data) and the answer is the page title to announce in
 * a polite live region. Nothing happens on the first load, including the redirects it makes
 * before the visitor presses a key or a pointer, nor when only the query changes (the caller
 * passes the path alone). `announcement.key` changes with every announcement, so the same title
 * twice in a row (one chat, then another) is still read.
 */
export function useRouteFocus(pathname: string, title: string, main: RefObject<HTMLElement | null>): { text: string; key: number } {
  const acted = useRef(false);
  const shown = useRef(pathname);
  const waiting = useRef<string | null>(null);
  const [announced, setAnnounced] = useState<{ path: string; key: number } | null>(null);

  useEffect(() => {
    const mark = () => {
      acted.current = true;
    };
    window.addEventListener('keydown', mark, true);
    window.addEventListener('pointerdown', mark, true);
    return () => {
      window.removeEventListener('keydown', mark, true);
      window.removeEventListener('pointerdown', mark, true);
    };
  }, []);

  useEffect(() => {
    if (pathname !== shown.current) {
      shown.current = pathname;
      waiting.current = acted.current ? pathname : null;
    }
    if (waiting.current !== pathname) return;
    const done = () => {
      if (!focusHeading(main.current)) return false;
      waiting.current = null;
      setAnnounced((a) => ({ path: pathname, key: (a?.key ?? 0) + 1 }));
      return true;
    };
    if (done() || !main.current) return;
    const observer = new MutationObserver(() => {
      if (done()) observer.disconnect();
    });
    observer.observe(main.current, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, main]);

  return announced?.path === pathname ? { text: title, key: announced.key } : { text: '', key: 0 };
}
