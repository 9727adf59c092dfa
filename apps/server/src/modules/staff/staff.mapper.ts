import type { StaffRead } from '@vm/domain';
import type { StaffRow } from './staff.repository.ts';

export const toStaffRead = (s: StaffRow, passkeys: number): StaffRead => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role,
  has_password: s.passwordHash !== null && s.totpSecret !== null,
  passkeys,
});
