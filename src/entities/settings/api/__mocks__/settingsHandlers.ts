import { http, HttpResponse, type HttpHandler } from 'msw';

import type { Settings } from '../settingsApi';

/** The mocks' set-up, as a server without EVR_URL answers (server/src/settings/routes.ts): the mocks send nothing to EVR. */
export const mockSettings: Settings = { evrConnected: false };

export const settingsHandlers: readonly HttpHandler[] = [http.get('*/api/settings', () => HttpResponse.json(mockSettings))];
