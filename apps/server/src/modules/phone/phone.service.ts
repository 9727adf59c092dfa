import { randomUUID } from 'node:crypto';
import type { Locale } from '@vm/domain';
import type { PhoneVerifier } from '../../adapters/sms/phone-verifier.ts';
import type { Db } from '../../db/database.ts';
import { fieldError, tooManyRequests } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import { toE164 } from './phone-number.ts';
import * as repo from './phone.repository.ts';

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_TRIES = 5;
/** How long a checked number may be used to register or save a profile. */
export const VERIFICATION_TOKEN_TTL_SECONDS = 30 * 60;

type Deps = { db: Db; verifier: PhoneVerifier; now: () => Date; perNumber: Limiter };

export function phoneService({ db, verifier, now, perNumber }: Deps) {
  const normalise = (cellphone: string) => {
    const e164 = toE164(cellphone);
    if (!e164) throw fieldError('cellphone', 'phone_invalid');
    return e164;
  };

  return {
    normalise,

    async send(cellphone: string, locale: Locale): Promise<{ cellphone: string; expires_in: number }> {
      const e164 = normalise(cellphone);
      const wait = await perNumber.hit(e164);
      if (wait > 0) throw tooManyRequests(wait);
      const handle = await verifier.start(e164, locale);
      await repo.insert(db, {
        id: randomUUID(),
        cellphone: e164,
        handle,
        expiresAt: new Date(now().getTime() + CODE_TTL_SECONDS * 1000),
      });
      return { cellphone: e164, expires_in: CODE_TTL_SECONDS };
    },

    async check(cellphone: string, code: string): Promise<{ verification_token: string }> {
      const e164 = normalise(cellphone);
      const v = await repo.latest(db, e164);
      if (!v || v.verifiedAt) throw fieldError('code', 'code_expired');
      if (v.expiresAt <= now()) throw fieldError('code', 'code_expired');
      // The try is counted before the code is compared, so parallel guesses cannot exceed the cap.
      const tries = await repo.countAttempt(db, v.id);
      if (tries > MAX_TRIES) throw fieldError('code', 'code_too_many_tries');
      if (!(await verifier.check(e164, code, v.handle))) {
        throw fieldError('code', tries >= MAX_TRIES ? 'code_too_many_tries' : 'code_invalid');
      }
      const token = newToken();
      const at = now();
      await repo.markVerified(db, v.id, hashToken(token), at, new Date(at.getTime() + VERIFICATION_TOKEN_TTL_SECONDS * 1000));
      return { verification_token: token };
    },

    /** Spends a verification token inside the caller's transaction. */
    async consume(trx: Db, token: string | undefined, e164: string): Promise<void> {
      if (!token || !(await repo.consumeToken(trx, hashToken(token), e164, now()))) {
        throw fieldError('cellphone', 'phone_not_verified');
      }
    },
  };
}

export type PhoneService = ReturnType<typeof phoneService>;
