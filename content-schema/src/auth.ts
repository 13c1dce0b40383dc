import { z } from 'zod';

const REQUIRED = 'Username and password are required.';

/** Body of POST /api/auth/login. */
export const LoginSchema = z.object({
  username: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, 'Username is too long.'),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000, 'Password is too long.'),
});
export type Login = z.infer<typeof LoginSchema>;

/** Answer of GET /api/auth/status. */
export const AuthStatusSchema = z.object({
  authenticated: z.boolean(),
  admin: z.string().nullable(),
});
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

export const LOGIN_FAILED_MESSAGE = 'Login failed. Check your credentials.';
