import type { OpsTexts } from './nl.ts';

export const en: OpsTexts = {
  placeholder: {
    loginTitle: 'Log in to operations',
    email: 'Email address',
    password: 'Password',
    submit: 'Log in',
    greeting: 'Hello {{name}}',
    comingSoon: 'The marketplace overview will appear here soon.',
    logOut: 'Log out',
  },
};
