import type { OpsTexts } from './nl.ts';

export const fr: OpsTexts = {
  placeholder: {
    loginTitle: 'Se connecter à la gestion',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    greeting: 'Bonjour {{name}}',
    comingSoon: 'La vue d’ensemble du marché arrivera bientôt ici.',
    logOut: 'Se déconnecter',
  },
};
