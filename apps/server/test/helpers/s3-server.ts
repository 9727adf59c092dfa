import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/** s3rver accepts any signature made with these keys (its defaults). */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The environment that makes the app store uploads there (loadConfig's names). */
  env: Record<string, string>;
  close: () => Promise<void>;
};

const script = fileURLToPath(new URL('./s3-server-process.mjs', import.meta.url));

/**
 * A local S3-compatible server (s3rver) on a free port, storing under a temporary folder, with the
 * bucket already made. It runs as a child process (see s3-server-process.mjs for why). For tests,
 * and for the multi-process harness: every process given `env` shares the same files.
 */
export async function startS3Server({ bucket = 'uploads' }: { bucket?: string } = {}): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    void exited.then(() => reject(new Error('s3rver exited before it listened')));
    readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
