import type { VatRegistry, VatRegistryAnswer } from './vat-registry.ts';

type Options = {
  /** The REST API's base, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api */
  baseUrl: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
};

/** What POST /check-vat-number answers; `errorWrappers` when VIES or a member state failed. */
type ViesAnswer = { valid?: unknown; isValid?: unknown; actionSucceed?: boolean; errorWrappers?: { error?: string; message?: string }[] };

/**
 * The EU VIES REST API: POST {baseUrl}/check-vat-number with {countryCode, vatNumber}.
 * Anything but a clear true/false (an HTTP error, an error list such as MS_UNAVAILABLE, a timeout,
 * a body we do not understand) is 'unavailable', never 'invalid': a sender's number is not refused
 * because a tax office is offline.
 */
export function viesVatRegistry({ baseUrl, fetchImpl = fetch, timeoutMs = 8_000, log }: Options): VatRegistry {
  const url = `${baseUrl.replace(/\/$/, '')}/check-vat-number`;
  return {
    async check(countryCode, number): Promise<VatRegistryAnswer> {
      try {
        const res = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber: number }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = (await res.json().catch(() => null)) as ViesAnswer | null;
        const valid = body?.valid ?? body?.isValid;
        if (res.ok && !body?.errorWrappers?.length && typeof valid === 'boolean') return valid ? 'valid' : 'invalid';
        log?.warn({ status: res.status, errors: body?.errorWrappers?.map((e) => e.error) }, 'VIES could not check a VAT number');
        return 'unavailable';
      } catch (err) {
        log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'VIES unreachable');
        return 'unavailable';
      }
    },
  };
}
