import type { DriverTexts } from './nl.ts';

export const fr: DriverTexts = {
  placeholder: {
    loginTitle: 'Se connecter comme chauffeur',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    greeting: 'Bonjour {{name}}',
    comingSoon: 'Vos trajets apparaîtront bientôt ici.',
    logOut: 'Se déconnecter',
  },
};
