import type { Locale } from '@vm/domain';

/**
 * Sends a one-time code to a phone number and checks it. The service around it (phone module)
 * owns expiry, tries and rate limits; a verifier only knows how to deliver and compare a code.
 * `start` answers an opaque handle that the service stores and hands back to `check`.
 */
export type PhoneVerifier = {
  readonly name: string;
  /** `locale`: the language of the SMS text (the reader's: nl, fr or en). */
  start(e164: string, locale: Locale): Promise<string>;
  check(e164: string, code: string, handle: string): Promise<boolean>;
};
