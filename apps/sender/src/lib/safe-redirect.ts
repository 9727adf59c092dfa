import { safeAppRoute } from '@vm/domain/app-route';

/** Only our own hash routes: never a URL that leaves the app (one rule with the server's, @vm/domain). */
export function safeRedirect(target: string | null): string | null {
  return safeAppRoute(target);
}
