import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@vm/domain/user';

// The login form's checks, in their own chunk: zod and the domain schema are a quarter of the
// login route's JavaScript, and the screen needs them only when the form is sent.
export const loginResolver = zodResolver(loginSchema);
