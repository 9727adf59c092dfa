import type { Locale } from '@vm/domain';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import { fieldError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import type { Db } from '../../db/database.ts';
import { findUserCredentials } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import * as resets from './password-reset.repository.ts';
import { hashPassword } from './passwords.ts';

export const RESET_TTL_SECONDS = 60 * 60;

type Deps = {
  db: Db;
  auth: Pick<AuthService, 'revokeAllForUser'>;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
};

const mail = {
  nl: (link: string) => ({
    subject: 'Je wachtwoord herstellen',
    text: `Hallo,\n\nKlik op deze link om een nieuw wachtwoord te kiezen. De link werkt één keer en blijft 1 uur geldig:\n\n${link}\n\nHeb je dit niet gevraagd? Dan mag je deze mail negeren.\n`,
  }),
  fr: (link: string) => ({
    subject: 'Réinitialiser votre mot de passe',
    text: `Bonjour,\n\nCliquez sur ce lien pour choisir un nouveau mot de passe. Le lien fonctionne une seule fois et reste valable 1 heure :\n\n${link}\n\nVous n’avez rien demandé ? Vous pouvez ignorer ce mail.\n`,
  }),
  en: (link: string) => ({
    subject: 'Reset your password',
    text: `Hello,\n\nFollow this link to choose a new password. It works once and stays valid for 1 hour:\n\n${link}\n\nDid not ask for this? You can ignore this mail.\n`,
  }),
};

/** Why a token cannot be used, as a catalogue key. */
const refusal = (status: 'valid' | 'used' | 'expired' | 'unknown') => (status === 'used' ? 'reset_token_used' : status === 'expired' ? 'reset_token_expired' : 'reset_token_invalid');

export function passwordResetService({ db, auth, mailer, publicUrl, now, log }: Deps) {
  async function mailLink(email: string, locale: Locale): Promise<void> {
    const user = await findUserCredentials(db, email);
    if (!user) return;
    const token = newToken();
    await resets.insert(db, { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(now().getTime() + RESET_TTL_SECONDS * 1000) });
    const link = `${publicUrl}/#/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send({ to: email, ...mail[locale](link) });
  }

  const pending = new Set<Promise<void>>();
  return {
    /**
     * Answers at once for every address and does the work later; looking the address up, storing
     * the token's hash and sending the mail take the same (no) time of the request whether or not
     * an account exists. The raw token exists only in the mail, never at rest, so it is made here,
     * not queued; a process that dies in between loses that mail and the user asks again.
     */
    request(email: string, locale: Locale): void {
      // setImmediate: nothing of the work starts before the answer has gone out.
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => mailLink(email, locale))
        .catch((err) => log.error({ err }, 'password reset mail failed'))
        .finally(() => pending.delete(work));
      pending.add(work);
    },

    /** Resolves when every reset mail asked for so far is sent or failed (shutdown, tests). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },

    /** Whether a link still works: the reset page says so on opening, not after a new password is typed. */
    check: (token: string) => resets.status(db, hashToken(token), now()),

    async reset(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const at = now();
      // The token is spent and the password set in one transaction.
      const userId = await db.transaction().execute(async (trx) => {
        const userId = await resets.spend(trx, hashToken(token), at);
        if (userId === null) return null;
        await resets.setPassword(trx, userId, passwordHash, at);
        // Any other open reset link of this user dies with this one.
        await resets.spendAllOf(trx, userId, at);
        return userId;
      });
      if (userId === null) throw fieldError('token', refusal(await resets.status(db, hashToken(token), now())));
      // A new password signs out every session that the old one opened.
      await auth.revokeAllForUser(userId);
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
