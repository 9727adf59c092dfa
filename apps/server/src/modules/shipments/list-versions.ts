/**
 * Each sender's list version (shipments.revision summed, see senderListVersion), kept in memory so
 * that an unchanged list answers 304 without a database round trip. Every change to a sender's
 * list writes an event for them, and every process hears every event: an event for a user drops
 * their entry. A generation per user stops a read that raced with an event from storing a version
 * older than that event.
 */
export function listVersions(capacity = 50_000) {
  const versions = new Map<number, string>();
  const generations = new Map<number, number>();

  return {
    get: (userId: number) => versions.get(userId),
    generation: (userId: number) => generations.get(userId) ?? 0,

    /** Stores a version read from the database, unless an event for the user came in meanwhile. */
    set(userId: number, version: string, generationBeforeRead: number): void {
      if ((generations.get(userId) ?? 0) !== generationBeforeRead) return;
      if (versions.size >= capacity) versions.delete(versions.keys().next().value!);
      versions.set(userId, version);
    },

    invalidate(userId: number): void {
      versions.delete(userId);
      generations.set(userId, (generations.get(userId) ?? 0) + 1);
    },
  };
}
