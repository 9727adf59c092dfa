import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../../env.ts';
import type { FileStore } from './file-store.ts';

export type S3Settings = NonNullable<AppConfig['s3']>;

/** Generous for an image of up to 10 MB, short enough that a hung store does not hold requests forever. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.name === 'NoSuchBucket' || statusOf(err) === 404);

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, ...). Every process of the app sees the
 * same files, which a local folder cannot give. Objects stay private: images are served through
 * the API, which checks who may see them.
 */
export function s3FileStore(s3: S3Settings, { listPageSize = 1000 }: { listPageSize?: number } = {}): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: s3.region,
    // MinIO and most self-hosted stores only understand bucket-in-the-path URLs.
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    // Without keys in the configuration, the SDK's default chain (environment, profile, instance role).
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = s3.bucket;
  const where = s3.endpoint ?? `AWS region ${s3.region}`;

  return {
    client,
    async open() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        if (isMissing(err)) throw new Error(`S3 bucket ${Bucket} not found at endpoint ${where}`, { cause: err });
        const status = statusOf(err);
        const why = status ? `HTTP ${status}` : err instanceof Error ? err.message : String(err);
        throw new Error(`S3 bucket ${Bucket} could not be opened at endpoint ${where}: ${why}`, { cause: err });
      }
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, like the local store.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken, MaxKeys: listPageSize }));
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
