import type { HttpHandler } from 'msw';

import { userHandlers } from '@/entities/user/mocks';

/** Every endpoint's mock, grouped by entity so a story can replace one group by its key. */
export const handlersByEntity: Readonly<Record<string, readonly HttpHandler[]>> = {
  user: userHandlers,
};

export const handlers: readonly HttpHandler[] = Object.values(handlersByEntity).flat();
