import type { App } from '../infra/context.js';
import { accountRoutes } from './accounts.js';
import { ownAccountRoutes } from './own-account.js';
import { passwordResetRoutes } from './password-reset.js';
import { signUpRoutes } from './signup.js';

/** Everything under /api/user/: one module per concern. */
export async function userRoutes(app: App) {
  await accountRoutes(app);
  await ownAccountRoutes(app);
  await signUpRoutes(app);
  await passwordResetRoutes(app);
}
