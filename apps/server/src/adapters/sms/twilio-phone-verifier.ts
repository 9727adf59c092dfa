import type { PhoneVerifier } from './phone-verifier.ts';

type TwilioConfig = { accountSid: string; authToken: string; serviceSid: string; baseUrl: string };

/** Twilio Verify v2: Twilio makes, sends and checks the code; the handle is the verification SID. */
export function twilioPhoneVerifier(cfg: TwilioConfig, fetchImpl: typeof fetch = fetch): PhoneVerifier {
  const auth = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`;
  const post = async (path: string, form: Record<string, string>) => {
    const res = await fetchImpl(`${cfg.baseUrl}/v2/Services/${cfg.serviceSid}/${path}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { sid?: string; status?: string; message?: string };
    return { ok: res.ok, status: res.status, body };
  };
  return {
    name: 'twilio',
    async start(e164, locale) {
      // Twilio writes the SMS text in the given language (it has nl, fr and en).
      const res = await post('Verifications', { To: e164, Channel: 'sms', Locale: locale });
      if (!res.ok || !res.body.sid) throw new Error(`Twilio Verify answered ${res.status}`);
      return res.body.sid;
    },
    async check(e164, code) {
      const res = await post('VerificationCheck', { To: e164, Code: code });
      // 404: Twilio already expired or approved this verification: the code no longer counts.
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`Twilio Verify answered ${res.status}`);
      return res.body.status === 'approved';
    },
  };
}
