import type { HttpHandler } from 'msw';

import { authHandlers } from '@/entities/auth/index.mocks';
import { userHandlers } from '@/entities/user/index.mocks';

/** Every endpoint's mock, grouped by entity so a story can replace one group by its key. */
export const handlersByEntity: Readonly<Record<string, HttpHandler[]>> = {
  auth: [...authHandlers],
  user: [...userHandlers],
};

export const handlers: HttpHandler[] = Object.values(handlersByEntity).flat();
