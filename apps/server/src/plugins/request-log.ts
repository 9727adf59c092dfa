import type { AppConfig } from '../env.ts';

// Never log credentials: headers, and secrets in a query string (?access_token= for image
// originals, ?token= for the event stream, and whatever a client puts there by mistake, in any
// spelling or percent-encoding of its name; a social login's code and state). A public tracking link's token is in its path.
const SECRET_NAME = /pass|secret|token|code|key|auth|signature|session|otp|state|ticket/i;

function decoded(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(/^(\/api\/tracking\/)[^/?]+/, '$1[redacted]');
  if (q === -1) return path;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((p) => {
      const eq = p.indexOf('=');
      const name = eq === -1 ? p : p.slice(0, eq);
      return SECRET_NAME.test(decoded(name)) ? `${name}=[redacted]` : p;
    });
  return `${path}?${params.join('&')}`;
}

/** Fastify's logger options: the level, the stream, and requests without credentials. */
export function loggerOptions(config: AppConfig, stream?: { write: (line: string) => void }) {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
}
