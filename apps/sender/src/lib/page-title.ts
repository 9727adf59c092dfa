import { useEffect, useSyncExternalStore } from 'react';

// The document title of the page on screen. The layout names every route from its route table
// entry; a page that knows better (a job's reference) names itself here while it is shown.

let pageTitle: string | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Names the page on screen (null: not known yet, the route's own name stays). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    pageTitle = title;
    notify();
    return () => {
      if (pageTitle === title) {
        pageTitle = null;
        notify();
      }
    };
  }, [title]);
}

/** The name a page gave itself, if any. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pageTitle,
  );
}
