/** Only our own hash routes: never a URL that leaves the app. */
export function safeRedirect(target: string | null): string | null {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
}
