import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// The PKCE verifier and the nonce of a flow are stored sealed with a key derived from the flow's
// state (256 random bits that only the browser holds): the database alone cannot finish a flow,
// and the state alone (it travels in URLs) does not reveal the verifier without the database.

const keyOf = (state: string) => createHash('sha256').update(`social-login:${state}`).digest();

export function seal(state: string, data: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(state), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Null when the state is not the one it was sealed with (or the text was altered). */
export function unseal(state: string, sealed: string): Record<string, string> | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyOf(state), iv!);
    decipher.setAuthTag(tag!);
    return JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')) as Record<string, string>;
  } catch {
    return null;
  }
}
