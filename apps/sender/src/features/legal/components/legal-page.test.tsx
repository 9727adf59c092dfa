import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadAllTexts, setLanguage } from '../../../lib/i18n.ts';
import { sandboxConfig } from '../../../test-fixtures.ts';
import { renderWithProviders } from '../../../test-render.tsx';
import { PrivacyPage, TermsPage } from './legal-page.tsx';

// #/privacy and #/terms (issue 23 part 4): public, in the reader's language, stating the operator and
// the settings as configured (the links to them: app/legal-links.test.tsx).

const config = sandboxConfig({
  legal: { operator: { name: 'Transport Peeters BV', enterprise_number: '0123456749', address: 'Markt 5, 3000 Leuven', email: 'help@peeters.example' }, retention: { positions_months: 6, chat_months: 12 }, commission_percent: 15 },
});

beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => {
  server.use(http.get('*/api/config', () => HttpResponse.json(config)));
});
afterEach(async () => {
  cleanup();
  await setLanguage('nl', { remember: false });
});

const page = (ui: ReactNode) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

describe('the privacy and terms pages', () => {
  const cases = [
    { l: 'nl', privacy: 'Privacyverklaring', retention: 'Hoe lang we gegevens bewaren', positions: '6 maanden', terms: 'Gebruiksvoorwaarden', cancel: 'Annuleren', commission: 'commissie van 15 %' },
    { l: 'fr', privacy: 'Déclaration de confidentialité', retention: 'Combien de temps nous gardons les données', positions: '6 mois', terms: 'Conditions d’utilisation', cancel: 'Annuler', commission: 'commission de 15 %' },
    { l: 'en', privacy: 'Privacy statement', retention: 'How long we keep data', positions: '6 months', terms: 'Terms of use', cancel: 'Cancelling', commission: 'commission of 15%' },
  ] as const;

  for (const c of cases) {
    it(`shows both in ${c.l}, with the operator and the settings as configured`, async () => {
      await setLanguage(c.l, { remember: false });
      const privacy = page(<PrivacyPage />);
      expect(await screen.findByRole('heading', { level: 1, name: c.privacy })).toBeVisible();
      const kept = screen.getByRole('heading', { level: 2, name: c.retention }).closest('section')!;
      expect(kept).toHaveTextContent(c.positions);
      expect(screen.getAllByText(/Transport Peeters BV, Markt 5, 3000 Leuven, .*0123\.456\.749/)).not.toHaveLength(0);
      expect(document.querySelector('time')).toHaveAttribute('datetime', '2026-11-27');
      privacy.unmount();

      page(<TermsPage />);
      expect(await screen.findByRole('heading', { level: 1, name: c.terms })).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: c.cancel })).toBeVisible();
      expect(screen.getByText(new RegExp(c.commission))).toBeVisible();
    });
  }
});
