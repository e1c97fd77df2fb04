import { http, HttpResponse, type HttpHandler } from 'msw';

import type { User } from '../../model/types';

import { mockUser } from './userFixtures';

// Absolute-origin-agnostic paths: MSW matches them on any host, so one handler serves every backend URL.
export const meHandler = (user: User = mockUser()): HttpHandler =>
  http.get('*/api/user/me', () => HttpResponse.json(user));

export const userHandlers: readonly HttpHandler[] = [meHandler()];
