import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

// The browser's side of a passkey: the server's options in, the authenticator's answer out.

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

export function createPasskey(options: Record<string, unknown>) {
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

export function assertPasskey(options: Record<string, unknown>) {
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
}
