import i18next from 'i18next';

// The Earnings page's texts for the weekly statements and the payout set-up (issue 22), kept in
// this lazily loaded route so the app's first page stays inside its size budget. Added to the
// catalogues of all three languages when the page's module loads.

const texts = {
  nl: {
    statements: {
      title: 'Weekoverzichten',
      intro: 'Per week (maandag tot zondag) de ritten die aan jou vrijgegeven zijn, met de uitbetaling waarmee ze vertrokken. Als pdf.',
      empty: 'Nog geen weekoverzichten: er komt er een zodra geld voor een rit aan jou vrijgegeven is.',
      week: 'Week van {{from}} tot {{to}}',
      summary: '{{count}} ritten, {{amount}}',
      pdf: 'pdf',
      download: 'Weekoverzicht {{from}} tot {{to}} downloaden (pdf)',
      downloadFailed: 'Het weekoverzicht kon niet gedownload worden. Probeer het later opnieuw.',
      loadFailed: 'De weekoverzichten konden niet geladen worden.',
    },
    payoutSetup: {
      title: 'Je uitbetalingen zijn nog niet ingesteld',
      text: 'Onze betaalpartner Stripe heeft nog gegevens van je nodig voor we je kunnen uitbetalen. Tot dan blijft je geld voor jou bewaard.',
      link: 'Uitbetalingen instellen bij Stripe afronden',
    },
  },
  fr: {
    statements: {
      title: 'Relevés hebdomadaires',
      intro: 'Par semaine (du lundi au dimanche), les courses dont l’argent vous a été libéré, avec le versement qui les a payées. En PDF.',
      empty: 'Pas encore de relevé : il y en aura un dès que l’argent d’une course vous sera libéré.',
      week: 'Semaine du {{from}} au {{to}}',
      summary: '{{count}} courses, {{amount}}',
      pdf: 'PDF',
      download: 'Télécharger le relevé du {{from}} au {{to}} (PDF)',
      downloadFailed: 'Le relevé n’a pas pu être téléchargé. Réessayez plus tard.',
      loadFailed: 'Les relevés n’ont pas pu être chargés.',
    },
    payoutSetup: {
      title: 'Vos versements ne sont pas encore configurés',
      text: 'Notre partenaire de paiement Stripe a encore besoin de vos informations avant de pouvoir vous payer. D’ici là, votre argent reste réservé pour vous.',
      link: 'Terminer la configuration des versements avec Stripe',
    },
  },
  en: {
    statements: {
      title: 'Weekly statements',
      intro: 'Per week (Monday to Sunday), the jobs whose money was released to you, with the payout they went out in. As PDF.',
      empty: 'No statements yet: there will be one as soon as money for a job is released to you.',
      week: 'Week of {{from}} to {{to}}',
      summary: '{{count}} jobs, {{amount}}',
      pdf: 'PDF',
      download: 'Download the statement of {{from}} to {{to}} (PDF)',
      downloadFailed: 'The statement could not be downloaded. Try again later.',
      loadFailed: 'The statements could not be loaded.',
    },
    payoutSetup: {
      title: 'Your payouts are not set up yet',
      text: 'Our payment partner Stripe still needs some details from you before we can pay you. Until then, your money is kept for you.',
      link: 'Finish setting up payouts with Stripe',
    },
  },
} as const;

for (const [language, t] of Object.entries(texts)) i18next.addResourceBundle(language, 'translation', { earnings: t }, true, false);
