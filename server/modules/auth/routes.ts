import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account-routes';
import { sessionRoutes } from './session-routes';
import { signinRoutes } from './signin-routes';
import { signupRoutes } from './signup-routes';
import { socialRoutes } from './social-routes';

/** Everything under /auth/authentication/ and /oauth2/token. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  await app.register(signupRoutes);
  await app.register(signinRoutes);
  await app.register(accountRoutes);
  await app.register(sessionRoutes);
  await app.register(socialRoutes);
}
