import { z } from 'zod';
import { tokenResponseSchema } from './user.ts';

// Social and identity login (docs/decisions/0018-social-login.md): the server runs the OAuth 2 /
// OpenID Connect flow and hands the web app a one-time ticket, never a provider token.

export const SOCIAL_PROVIDERS = ['facebook', 'oidc'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

/** Why a social login came back to the login page (?social_error=): the web app words it. */
export const SOCIAL_ERRORS = ['refused', 'expired', 'failed', 'cancelled'] as const;
export type SocialError = (typeof SOCIAL_ERRORS)[number];

const ticket = z.string({ error: 'required' }).min(1, 'required').max(100, 'too_long');

export const socialStartQuerySchema = z.object({ redirect: z.string().max(500).optional() });
/** What a provider sends back; anything missing is a refused login, not a 400. */
export const socialCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** Sent with a client token (like registration): its client gets the tokens. */
export const socialTicketSchema = z.object({ ticket });
export const socialLinkSchema = z.object({ ticket, password: z.string({ error: 'required' }).min(1, 'required').max(200, 'too_long') });

/** What the web app does with a ticket: signed in, ask the account's password, or register prefilled. */
export const socialTicketResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), token: tokenResponseSchema, redirect: z.string() }),
  z.object({ status: z.literal('password_needed'), provider: z.enum(SOCIAL_PROVIDERS), email: z.string(), redirect: z.string() }),
  z.object({
    status: z.literal('register'),
    provider: z.enum(SOCIAL_PROVIDERS),
    email: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    /** DD/MM/YYYY, as the register form takes it. */
    birthday: z.string().nullable(),
    /** A small preview (data: URL) of the picture that will become the profile picture. */
    picture: z.string().nullable(),
    redirect: z.string(),
  }),
]);
export type SocialTicketResult = z.infer<typeof socialTicketResultSchema>;
