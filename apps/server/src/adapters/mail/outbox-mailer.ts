import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Mailer } from './mailer.ts';

/** Writes each message as JSON into a folder (DATA_DIR/outbox): readable by people and tests. */
export function outboxMailer(dir: string, from: string): Mailer {
  return {
    name: 'outbox',
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const sentAt = new Date();
      const file = path.join(dir, `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
      // Written aside and renamed: whoever reads the folder (a person, a test) never sees half a mail.
      await fs.writeFile(`${file}.tmp`, JSON.stringify({ from, ...message, sent_at: sentAt.toISOString() }, null, 2));
      await fs.rename(`${file}.tmp`, file);
    },
  };
}
