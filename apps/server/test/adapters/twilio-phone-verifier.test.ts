import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioPhoneVerifier } from '../../src/adapters/sms/twilio-phone-verifier.ts';

// A local stand-in for Twilio Verify v2 answering the documented shapes.
type Seen = { path: string; auth: string; form: URLSearchParams };
const seen: Seen[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', form });
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/Verifications')) {
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: 'VE123', status: 'pending', to: form.get('To'), channel: 'sms' }));
      } else if (form.get('Code') === '123456') {
        res.end(JSON.stringify({ sid: 'VE123', status: 'approved', valid: true }));
      } else if (form.get('Code') === '999999') {
        res.statusCode = 404;
        res.end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
      } else {
        res.end(JSON.stringify({ sid: 'VE123', status: 'pending', valid: false }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Twilio Verify adapter', () => {
  const verifier = () => twilioPhoneVerifier({ accountSid: 'AC1', authToken: 'tok', serviceSid: 'VA9', baseUrl });

  it('starts an SMS verification in the reader’s language with basic auth and form fields, answering the SID', async () => {
    const handle = await verifier().start('+32470112233', 'fr');
    expect(handle).toBe('VE123');
    const req = seen.at(-1)!;
    expect(req.path).toBe('/v2/Services/VA9/Verifications');
    expect(req.auth).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
    expect(Object.fromEntries(req.form)).toEqual({ To: '+32470112233', Channel: 'sms', Locale: 'fr' });
  });

  it('accepts only an approved check; a 404 (expired or used) is a wrong code', async () => {
    expect(await verifier().check('+32470112233', '123456', 'VE123')).toBe(true);
    expect(seen.at(-1)!.path).toBe('/v2/Services/VA9/VerificationCheck');
    expect(await verifier().check('+32470112233', '000000', 'VE123')).toBe(false);
    expect(await verifier().check('+32470112233', '999999', 'VE123')).toBe(false);
  });
});
