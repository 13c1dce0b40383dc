import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './errors.ts';

/** Every write, and every read of unpublished material, needs the administrator's session. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new AppError(401, 'Authentication required');
  await next();
});
