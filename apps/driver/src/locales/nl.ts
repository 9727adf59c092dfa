// The driver app's texts (Dutch, the product language); fr.ts and en.ts have the same keys.
export const nl = {
  placeholder: {
    loginTitle: 'Aanmelden als chauffeur',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    submit: 'Aanmelden',
    greeting: 'Dag {{name}}',
    comingSoon: 'Hier vind je binnenkort je ritten.',
    logOut: 'Afmelden',
  },
};

export type DriverTexts = typeof nl;
