import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadAllTexts } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test-render.tsx';
import { HelpPage } from './help-page.tsx';

// #/help for a guest: the questions open as disclosures, the contact form goes with a client token.

let sent: { body: unknown; authorization: string | null }[] = [];
beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);
beforeEach(() => {
  sent = [];
  server.use(
    http.post('*/oauth/access_token', () => HttpResponse.json({ access_token: 'client-token', expires_in: 900, token_type: 'Bearer', scope: 'app' })),
    http.post('*/api/support/contact', async ({ request }) => {
      sent.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
});

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <HelpPage />
    </MemoryRouter>,
  );

describe('the help page', () => {
  it('opens an answer from its question', async () => {
    const { user } = renderPage();
    const answer = screen.getByText(/gratis tot 48 uur voor het ophaalvenster/);
    expect(answer).not.toBeVisible();
    await user.click(screen.getByText('Kan ik een opdracht annuleren?'));
    expect(answer).toBeVisible();
  });

  it('shows errors at the fields and sends nothing until they are right', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Bericht versturen' }));
    expect(await screen.findByLabelText('Je naam')).toHaveAccessibleDescription('Dit veld is verplicht.');
    expect(screen.getByLabelText('Je bericht')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('sends a guest’s message with a client token and confirms it', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Je naam'), 'Els Peeters');
    await user.type(screen.getByLabelText('Je e-mailadres'), 'els@example.com');
    await user.selectOptions(screen.getByLabelText('Onderwerp'), 'payment');
    await user.type(screen.getByLabelText('Je bericht'), 'Hoe betaal ik op factuur?');
    await user.click(screen.getByRole('button', { name: 'Bericht versturen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Bedankt, je bericht is verstuurd.');
    expect(sent).toEqual([{ body: { name: 'Els Peeters', email: 'els@example.com', topic: 'payment', message: 'Hoe betaal ik op factuur?' }, authorization: 'Bearer client-token' }]);
  });
});
