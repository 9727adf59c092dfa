import type { ColumnType, Generated } from 'kysely';

// Kysely's view of the tables (camelCase via CamelCasePlugin). Row types stay inside
// repositories; services and routes see domain types.

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type UsersTable = {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  cellphone: string;
  birthday: string;
  country: string;
  addressFormatted: string;
  role: 'sender' | 'driver' | 'admin';
  profileImageId: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
};

export type CompaniesTable = {
  userId: number;
  name: string;
  vat: string;
  address: string;
  email: string;
  invoiceStatus: 'requested' | 'approved' | 'rejected' | null;
  updatedAt: Timestamp;
};

export type OauthClientsTable = {
  id: string;
  name: string;
  secretHash: string | null;
  grants: string;
  createdAt: CreatedAt;
};

export type AccessTokensTable = {
  tokenHash: string;
  clientId: string;
  userId: number | null;
  familyId: string | null;
  scope: string;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type RefreshTokensTable = {
  tokenHash: string;
  familyId: string;
  clientId: string;
  userId: number;
  scope: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type PhoneVerificationsTable = {
  id: string;
  cellphone: string;
  handle: string;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  verifiedAt: NullableTimestamp;
  tokenHash: string | null;
  tokenExpiresAt: NullableTimestamp;
  consumedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type PasswordResetsTable = {
  tokenHash: string;
  userId: number;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: CreatedAt;
};

export type ImagesTable = {
  id: string;
  ownerId: number;
  kind: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: CreatedAt;
};

export type Database = {
  users: UsersTable;
  companies: CompaniesTable;
  oauthClients: OauthClientsTable;
  accessTokens: AccessTokensTable;
  refreshTokens: RefreshTokensTable;
  phoneVerifications: PhoneVerificationsTable;
  passwordResets: PasswordResetsTable;
  images: ImagesTable;
};
