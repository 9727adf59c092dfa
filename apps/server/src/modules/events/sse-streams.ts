import type { ServerResponse } from 'node:http';

/** A client whose unsent output passes this is too slow: it is dropped, not buffered for. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
export const HEARTBEAT_MS = 25_000;

type Stream = { res: ServerResponse; close: () => void };

type Options = {
  /**
   * Open streams per user in this process: one more ends that user's oldest first, so that a user
   * (or a stolen token) cannot hold connections without bound, and a tab opened last always gets its stream.
   */
  perUser: number;
};

/**
 * The open Server-Sent Event streams of this process. One timer sends every heartbeat (a timer
 * per stream would cost memory at 10,000 streams); closing the registry ends them all cleanly.
 */
export function sseStreams({ perUser }: Options) {
  const open = new Set<Stream>();
  /** Each user's open streams, oldest first. */
  const byUser = new Map<number, Stream[]>();
  let heartbeat: NodeJS.Timeout | null = null;

  /** Writes a frame; a client that stopped reading is disconnected instead. */
  function write(s: Stream, frame: string): boolean {
    if (s.res.destroyed || s.res.writableEnded) return false;
    s.res.write(frame);
    if (s.res.writableLength > MAX_BUFFERED_BYTES) {
      s.res.destroy();
      return false;
    }
    return true;
  }

  return {
    /** Takes over a response: the SSE headers, a retry hint, and the stream kept until either side ends. */
    open(res: ServerResponse, headers: Record<string, string | number | string[]>, userId: number, onClose: () => void) {
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies such as nginx must pass each frame on at once.
        'x-accel-buffering': 'no',
      });
      const s: Stream = {
        res,
        close: () => {
          if (!res.writableEnded) res.end();
        },
      };
      const mine = byUser.get(userId) ?? [];
      // Taken off the list at once: its 'close' event comes later.
      while (mine.length >= perUser) mine.shift()?.close();
      mine.push(s);
      byUser.set(userId, mine);
      open.add(s);
      res.on('close', () => {
        open.delete(s);
        const at = mine.indexOf(s);
        if (at >= 0) mine.splice(at, 1);
        if (mine.length === 0 && byUser.get(userId) === mine) byUser.delete(userId);
        onClose();
      });
      res.write('retry: 3000\n\n');
      if (!heartbeat) {
        heartbeat = setInterval(() => {
          for (const x of open) write(x, ': heartbeat\n\n');
        }, HEARTBEAT_MS);
        heartbeat.unref();
      }
      return {
        send: (id: number, data: unknown) => write(s, `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`),
        close: s.close,
        get ended() {
          return res.destroyed || res.writableEnded;
        },
      };
    },

    get size() {
      return open.size;
    },

    /** Ends every stream (SIGTERM): clients reconnect to another process with their Last-Event-ID. */
    closeAll() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      for (const s of open) s.close();
    },
  };
}

export type SseStreams = ReturnType<typeof sseStreams>;
