import type { DriverTexts } from './nl.ts';

export const en: DriverTexts = {
  placeholder: {
    loginTitle: 'Log in as a driver',
    email: 'Email address',
    password: 'Password',
    submit: 'Log in',
    greeting: 'Hello {{name}}',
    comingSoon: 'Your jobs will appear here soon.',
    logOut: 'Log out',
  },
};
