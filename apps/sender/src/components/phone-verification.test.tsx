import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nl } from '../locales/nl.ts';
import { renderWithProviders } from '../test-render.tsx';
import { PhoneVerification } from '@vm/ui/phone-verification.tsx';
import { sandboxConfig } from '../test-fixtures.ts';

let answer: () => Response = () => HttpResponse.json({ cellphone: '+32470123456', expires_in: 600 });
const sent: unknown[] = [];
const config = sandboxConfig({ map: { tile_url: null, attribution: 'GeoNames' } });
const handlers = [
  http.get('*/api/config', () => HttpResponse.json(config)),
  http.post('*/api/phone/verification', async ({ request }) => {
    sent.push(await request.json());
    return answer();
  }),
];
beforeEach(() => server.use(...handlers));
afterEach(() => cleanup());

function Harness() {
  const [cellphone, setCellphone] = useState('');
  return <PhoneVerification cellphone={cellphone} onCellphoneChange={setCellphone} onVerified={() => undefined} bearer={async () => 'client-token'} />;
}

const phone = () => screen.getByRole('textbox', { name: nl.register.phone });
const hintOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('PhoneVerification (register, edit user)', { timeout: 30_000 }, () => {
  it('says why sending is disabled while the number is too short', async () => {
    const u = renderWithProviders(<Harness />).user;
    const send = screen.getByRole('button', { name: nl.register.sendCode });
    expect(send).toBeDisabled();
    await u.click(phone());
    await u.paste('0470 12');
    expect(send).toBeDisabled();
    expect(hintOf(phone())).toBe(nl.register.phoneIncomplete);
    await u.paste('3456');
    expect(send).toBeEnabled();
    expect(hintOf(phone())).toBe(nl.register.phoneHint);
  });

  it('after sending, counts down before a new code can be asked', async () => {
    answer = () => HttpResponse.json({ cellphone: '+32470123456', expires_in: 600 });
    const u = renderWithProviders(<Harness />).user;
    await u.click(phone());
    await u.paste('0470 12 34 56');
    await u.click(screen.getByRole('button', { name: nl.register.sendCode }));
    // The countdown starts at 0:30; a slow machine may already have ticked once or twice.
    const resend = await screen.findByRole('button', { name: /^Stuur opnieuw \(0:[0-3]\d\)$/ });
    expect(resend).toBeDisabled();
    expect(hintOf(phone())).toMatch(/^Code verstuurd naar \+32470123456\. Geen sms gekregen\? Over \d+ seconden kan je een nieuwe code vragen\.$/);
    expect(screen.getByRole('textbox', { name: nl.register.code })).toBeInTheDocument();
  });

  it('without a captcha provider loads no captcha script and sends no captcha token', async () => {
    answer = () => HttpResponse.json({ cellphone: '+32470123456', expires_in: 600 });
    sent.length = 0;
    const u = renderWithProviders(<Harness />).user;
    await u.click(phone());
    await u.paste('0470 12 34 56');
    await u.click(screen.getByRole('button', { name: nl.register.sendCode }));
    expect(await screen.findByRole('textbox', { name: nl.register.code })).toBeInTheDocument();
    expect(sent).toEqual([{ cellphone: '0470 12 34 56' }]);
    expect([...document.querySelectorAll('script')].map((s) => s.src).filter((src) => /captcha|recaptcha|turnstile/.test(src))).toEqual([]);
    expect(document.querySelector('.captcha-widget')).toBeNull();
  });

  it('on 429 says how long to wait, from Retry-After, and keeps sending off meanwhile', async () => {
    answer = () => HttpResponse.json({ error: 'too_many_requests', error_description: 'Te veel pogingen. Probeer het later opnieuw.' }, { status: 429, headers: { 'retry-after': '120' } });
    const u = renderWithProviders(<Harness />).user;
    await u.click(phone());
    await u.paste('0470 12 34 56');
    await u.click(screen.getByRole('button', { name: nl.register.sendCode }));
    // The send first reads the captcha configuration: on a loaded machine that takes more than findBy's default second.
    expect(await screen.findByText('Je vroeg te veel codes na elkaar. Probeer opnieuw over 2 minuten.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: /^Verstuur code \([12]:\d\d\)$/ })).toBeDisabled();
  });
});
