/** One stored file as a listing sees it. */
export type StoredFile = { key: string; modifiedAt: Date };

/** Blob storage for uploads. Embedded default: a local folder; an S3-compatible store at scale. */
export type FileStore = {
  put(key: string, data: Buffer): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * Every stored file whose key starts with the prefix, page by page (the orphan sweep walks them
   * all without holding the whole list in memory). The local store also lists half-written
   * `*.tmp` files that a crash left behind.
   */
  list(prefix?: string): AsyncIterable<StoredFile>;
  /** Checks at start-up that the store can be used (the S3 bucket exists), so a typo fails fast. */
  open?(): Promise<void>;
};
