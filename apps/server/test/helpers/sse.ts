import type { PushRead } from '@vm/domain';
import type { FastifyInstance } from 'fastify';

export type SseMessage = { id: number; data: PushRead };

/** The app listening on a free port of 127.0.0.1 (streams need a real socket, not inject). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  if (!a || typeof a === 'string') throw new Error('no address');
  return `http://127.0.0.1:${a.port}`;
}

/**
 * A minimal Server-Sent Events client over fetch: collects messages (id + JSON data) and lets a
 * test wait for a number of them. Comments (heartbeats) and the retry hint are ignored.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const messages: SseMessage[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: (\d+)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (id && data) messages.push({ id: Number(id), data: JSON.parse(data) as PushRead });
          for (const w of waiters.splice(0)) w();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      for (const w of waiters.splice(0)) w();
    }
  })();

  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    messages,
    get ended() {
      return ended;
    },
    /** Resolves once at least n messages arrived; rejects after a while so a test fails instead of hanging. */
    async waitFor(n: number, ms = 5000): Promise<SseMessage[]> {
      const deadline = Date.now() + ms;
      while (messages.length < n) {
        if (ended) throw new Error(`stream ended with ${messages.length} of ${n} messages`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out with ${messages.length} of ${n} messages`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
      return messages.slice(0, n);
    },
    async close() {
      controller.abort();
      await done;
    },
    /** Resolves when the server ends the stream. */
    ended_: done,
  };
}
