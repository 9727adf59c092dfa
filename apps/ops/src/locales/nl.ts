// The operations app's texts (Dutch, the product language); fr.ts and en.ts have the same keys.
export const nl = {
  placeholder: {
    loginTitle: 'Aanmelden bij beheer',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    submit: 'Aanmelden',
    greeting: 'Dag {{name}}',
    comingSoon: 'Hier komt binnenkort het overzicht van de markt.',
    logOut: 'Afmelden',
  },
};

export type OpsTexts = typeof nl;
