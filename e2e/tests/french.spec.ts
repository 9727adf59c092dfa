import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { mondayAt } from '../support/clock.ts';
import { acceptFirstOfferWithCard, deliveredThenConfirmed, demo, signedInWithJob } from '../support/demo.ts';
import { expect, newPerson } from '../support/fixtures.ts';

// Issue 12, part 1: the whole lifecycle for a sender whose browser speaks French (fr-BE), every
// step read in French: register, the wizard (Bruxelles, not Brussel), live offers, a card accept,
// chat with the driver's French answer, the job driven to 'Terminé', a rating, the account page.
// On each screen no Dutch word that should have been translated may show.

/** Dutch words of this app's screens that are no French, English or place name. */
/** The proof card's title on the French job page. */
const PROOF_TITLE_FR = 'Preuve d’enlèvement et de livraison';
const DUTCH = /\b(opdracht\w*|biedingen|Verder|Annuleren|Aanvaard\w*|kredietkaart|Opslaan|Beoordel\w*|sterren|Ophaal\w*|Levering\w*|btw|Vandaag|Morgen|Jij|Afgerond|Onderweg|Actief|Meldingen|Afmelden|Profiel|Verstuur|Geschatte|Verzekering|chauffeur bijna)\b/;

async function expectFrenchOnly(page: Page, screen: string) {
  const text = await page.locator('body').innerText();
  expect(text.match(DUTCH)?.[0] ?? null, `Dutch on the ${screen} screen`).toBeNull();
  expect(await seriousViolations(page), `axe on the ${screen} screen`).toEqual([]);
}

async function chooseAddress(page: Page, typed: string, suggestion: RegExp) {
  await page.getByRole('combobox', { name: 'Adresse' }).fill(typed);
  await page.getByRole('listbox').getByRole('option', { name: suggestion }).first().click();
  await expect(page.getByRole('combobox', { name: 'Adresse' })).toHaveValue(suggestion);
}

demo.describe('en français', () => {
  demo.use({ locale: 'fr-BE', timezoneId: 'Europe/Brussels' });

  demo('register, book, accept an offer with a card, chat, finish, rate and read the account, all in French', async ({ page, demoServer }) => {
    demo.setTimeout(180_000);
    await page.clock.setFixedTime(mondayAt('10:00'));
    const p = newPerson();

    // Register in French: the phone code, then the form.
    await page.goto('/#/register');
    await expect(page.getByRole('heading', { level: 1, name: "S'inscrire" })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByLabel('Numéro de GSM').fill(p.typedPhone);
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await expect(page.getByText(`Code envoyé au ${p.e164}.`)).toBeVisible();
    await page.getByLabel('Code de vérification').fill(await demoServer.smsCode(p.e164));
    await page.getByRole('button', { name: 'Vérifier le code' }).click();
    await expect(page.getByText('Numéro de GSM vérifié.')).toBeVisible();
    await page.getByLabel('Prénom').fill(p.first);
    await page.getByLabel('Nom', { exact: true }).fill(p.last);
    await page.getByLabel('Date de naissance').fill('02041991');
    await page.getByLabel('Adresse e-mail').fill(p.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(p.password);
    await page.getByLabel('Répétez le mot de passe').fill(p.password);
    await expectFrenchOnly(page, 'register');
    await page.getByRole('button', { name: "S'inscrire" }).click();

    // The wizard in French, a Brussels address suggested as Bruxelles.
    await expect(page).toHaveURL(/#\/jobs\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choisir le type' })).toBeVisible();
    await page.getByRole('radio', { name: /Petit/ }).check();
    await expectFrenchOnly(page, 'wizard type');
    await page.getByRole('button', { name: /Suivant : Infos colis/ }).click();
    await page.getByLabel('Description des marchandises').fill('Une guitare dans son étui');
    await page.getByRole('button', { name: /Suivant : Enlèvement/ }).click();
    await chooseAddress(page, 'Kerkstraat 12, 3500 Hasselt', /Kerkstraat 12, 3500 Hasselt/);
    await page.getByRole('radio', { name: 'Demain' }).check();
    await page.getByRole('radio', { name: /Journée/ }).check();
    await page.getByLabel('Instructions pour le chauffeur').fill('Sonnez au numéro 12');
    await expectFrenchOnly(page, 'wizard pickup');
    await page.getByRole('button', { name: /Suivant : Livraison/ }).click();
    await chooseAddress(page, 'Rue Neuve 5, 1000 Bruxelles', /Rue Neuve 5, 1000 Bruxelles/);
    await page.getByRole('radio', { name: 'Demain' }).check();
    await page.getByRole('radio', { name: /Soirée/ }).check();
    await page.getByLabel('Instructions pour le chauffeur').fill('Porte arrière');
    await page.getByRole('button', { name: /Suivant : Prix/ }).click();
    // Euros as Belgian French writes them: '12,34 €'.
    await expect(page.getByTestId('price-estimate')).toContainText(/Prix estimé : \d+(,\d{2})?\s€ – \d+(,\d{2})?\s€ TVA comprise/);
    await expectFrenchOnly(page, 'wizard price');
    await page.getByRole('button', { name: /Choisir l'assurance/ }).click();
    await page.getByRole('button', { name: "Publier l'envoi" }).click();

    // The job page: offers arrive live; accepted with a new card.
    await expect(page).toHaveURL(/#\/jobs\/\d+$/);
    await expect(page.getByText('Votre envoi a été créé !')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /N° de référence VM-/ })).toBeVisible();
    await expect(page.getByText('Rue Neuve 5, 1000 Bruxelles')).toBeVisible();
    // The built-in map names the towns in French too.
    await expect(page.getByTestId('route-map').locator('.town-label', { hasText: /^Bruxelles$/ })).toBeVisible();
    const view = page.getByRole('button', { name: /Voir \d+ offres?/ });
    await expect(view).toBeVisible({ timeout: 20_000 });
    await expectFrenchOnly(page, 'job');
    await view.click();
    const modal = page.getByRole('dialog', { name: 'Offres' });
    await modal.locator('tbody tr').first().click();
    await expect(modal.getByText('Coût du transport')).toBeVisible();
    await expect(modal.getByText(/Total TVA 21 % comprise/)).toBeVisible();
    await expectFrenchOnly(page, 'offers');
    await modal.getByRole('button', { name: 'Accepter par carte de crédit / facture' }).click();
    await expect(modal.getByRole('heading', { name: "Ajoutez d'abord une carte de crédit" })).toBeVisible();
    await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await page.getByLabel("Date d'expiration (MM/AA)").fill('12/34');
    await page.getByLabel('Code de sécurité (CVC)').fill('123');
    await page.getByRole('button', { name: 'Ajouter une carte' }).click();
    const confirm = page.getByRole('dialog', { name: "Accepter l'offre ?" });
    await expect(confirm.getByText(/Montant TVA 21 % comprise/)).toBeVisible();
    await expectFrenchOnly(page, 'accept confirmation');
    await confirm.getByRole('button', { name: 'Confirmer et payer' }).click();
    await expect(page.getByText("L'offre a été acceptée !")).toBeVisible();

    // Chat: the driver answers in French.
    await page.getByRole('link', { name: 'Chat sur cet envoi' }).click();
    await page.getByRole('textbox', { name: 'Tapez votre message' }).fill('Bonjour, la porte est à l’arrière.');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.locator('.chat-messages li.own')).toContainText('Vous');
    await expect(page.locator('.chat-messages li:not(.own) .chat-text')).toHaveText(/^(Merci|C’est noté|Bien reçu|Pas de problème)/, { timeout: 20_000 });
    await expectFrenchOnly(page, 'chat');

    // Driven to delivered, confirmed by the sender, rated, listed under the finished jobs.
    await page.goBack();
    await expect(page.locator('.job-detail .badge').first()).toHaveText('Livré', { timeout: 60_000 });
    await page.getByRole('region', { name: PROOF_TITLE_FR }).getByRole('button', { name: 'Confirmer la livraison' }).click();
    await expect(page.locator('.job-detail .badge').first()).toHaveText('Terminé');
    await expect(page.getByRole('heading', { name: 'Évaluations' })).toBeVisible();
    await page.getByRole('group', { name: 'Évaluer le chauffeur' }).getByRole('button', { name: '4 étoiles sur 5' }).click();
    await expect(page.getByTestId('given-rating').getByRole('img', { name: '4 étoiles sur 5' })).toBeVisible();
    await expectFrenchOnly(page, 'finished job');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Terminés' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Envois terminés' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Hasselt → Bruxelles/ })).toBeVisible();
    await expect(page).toHaveTitle('Envois terminés · Vrachtmarkt');
    await expectFrenchOnly(page, 'finished list');

    // The account page: French, the card, and French stored as the account's language.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
    await expect(page.getByText(/Visa •••• 4242/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    await expectFrenchOnly(page, 'account');
  });
});

// Issue 20, defect 4: in French at 1280 px the Statut card cut the time of each state
// ("mer. 25 nov., 05") and the Itinéraire card overflowed.
demo('defect 4: in French at 1280 px every card of the job page holds its text: each state time whole, nothing past a card edge', async ({ page, demoServer }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { id } = await signedInWithJob(page, demoServer);
  await page.goto(`/#/jobs/${id}`);
  await acceptFirstOfferWithCard(page);
  await deliveredThenConfirmed(page, demoServer, id);
  await page.getByRole('combobox', { name: /Taal/ }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Statut' })).toBeVisible();
  const outside = await page.locator('.job-detail .card').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const edge = card.getBoundingClientRect();
      return [...card.querySelectorAll('*')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.right > edge.right + 0.5 || r.left < edge.left - 0.5);
        })
        .map((el) => `${card.querySelector('h2')?.textContent}: ${(el.textContent ?? '').slice(0, 40)}`);
    }),
  );
  expect(outside).toEqual([]);
  const times = await page.locator('.state-list time').allInnerTexts();
  expect(times.length).toBeGreaterThanOrEqual(14);
  for (const time of times) expect(time).toMatch(/^[a-zé]+\. \d{1,2} [a-zéû]+\.?, \d\d:\d\d$/);
});
