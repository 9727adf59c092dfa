/** Blob storage for uploads. Embedded default: a local folder; an S3-compatible store at scale. */
export type FileStore = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};
