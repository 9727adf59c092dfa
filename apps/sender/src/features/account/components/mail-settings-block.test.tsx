import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-render.tsx';
import { nl } from '../../../locales/nl.ts';
import { MailSettingsBlock } from './mail-settings-block.tsx';

let stored = { offer_received: true, offer_accepted: true, delivered: true, chat_unread: true };
const puts: unknown[] = [];
const handlers = [
  http.get('*/api/user/mail-settings', () => HttpResponse.json(stored)),
  http.put('*/api/user/mail-settings', async ({ request }) => {
    const body = (await request.json()) as Partial<typeof stored>;
    puts.push(body);
    stored = { ...stored, ...body };
    return HttpResponse.json(stored);
  }),
];
beforeEach(() => server.use(...handlers));

afterEach(() => cleanup());

function renderBlock() {
  return renderWithProviders(<MailSettingsBlock />).user;
}

describe('MailSettingsBlock', () => {
  it('shows a labelled switch per kind of mail and saves one flipped from the keyboard', async () => {
    const user = renderBlock();
    const chat = await screen.findByRole('switch', { name: nl.account.mailKinds.chat_unread });
    for (const label of Object.values(nl.account.mailKinds)) expect(screen.getByRole('switch', { name: label })).toBeChecked();

    // Tab to the last switch and flip it with the space bar.
    for (let i = 0; i < 4; i++) await user.tab();
    expect(chat).toHaveFocus();
    await user.keyboard(' ');

    expect(await screen.findByText(nl.account.mailSettingsSaved)).toBeInTheDocument();
    expect(puts).toEqual([{ chat_unread: false }]);
    expect(chat).not.toBeChecked();
    expect(chat).toHaveFocus();
    expect(screen.getByRole('switch', { name: nl.account.mailKinds.delivered })).toBeChecked();
  });
});
