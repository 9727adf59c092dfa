import { sql } from 'kysely';

/**
 * Every change a sender would see bumps the revision: the list's ETag is built from it. Shared by
 * the repositories of every module that changes a shipment (bookings, offers, driver jobs).
 */
export const bump = (now: Date) => ({ updatedAt: now, revision: sql<number>`revision + 1` });
