// Without zod, so that the web app's entry (lib/safe-redirect.ts) can use it without loading zod
// and every schema of the domain (see row-id.ts).

/** Only the app's own hash routes: never a URL that leaves the app (the web's safe-redirect rule). */
export function safeAppRoute(target: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  return target && target.startsWith('/') && !target.startsWith('//') && !/[\\\u0000-\u001f]/.test(target) ? target : null;
}
