import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../env.ts';

export type WebAppName = keyof AppConfig['webDists'];

/** Where each web app lives (docs/decisions/0021-three-apps.md): the sender's at the root. */
export const WEB_APP_PREFIXES: Record<WebAppName, string> = { sender: '/', driver: '/driver/', ops: '/ops/' };

/** The app a request URL belongs to: '/driver', '/driver/…' and '/ops…' likewise; everything else the sender's. */
export function webAppOf(url: string): WebAppName {
  const m = /^\/(driver|ops)(?:[/?#]|$)/.exec(url);
  return m ? (m[1] as WebAppName) : 'sender';
}

/**
 * Serves each built web app from its own folder under its prefix (an app that is not built is
 * left out). The apps route in the page (hash routes), so the built files are all they need: an
 * unknown path is a 404, not the app's index.html. The build writes Brotli and gzip copies
 * (preCompressed); files under assets/ carry a content hash in their name, so browsers may keep
 * them for a year, while index.html and the rest are revalidated. '/driver' redirects to '/driver/'.
 */
export async function serveWebApps(app: FastifyInstance, dists: AppConfig['webDists']): Promise<void> {
  for (const name of Object.keys(WEB_APP_PREFIXES) as WebAppName[]) {
    const root = dists[name];
    if (!fs.existsSync(path.join(root, 'index.html'))) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: WEB_APP_PREFIXES[name],
      // '/driver' to '/driver/' (the root has no such twin).
      redirect: name !== 'sender',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      decorateReply: false,
      setHeaders: (reply, file) => {
        const hashed = path.relative(root, file).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
}
