import { EVR_MEASUREMENT_TOLERANCE_PERCENT } from '@timberlog/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';

import type { Settings } from '../settingsApi';

/**
 * The mocks' set-up, as a server without EVR_URL and with the default tolerance answers
 * (server/src/settings/routes.ts): the mocks send nothing to EVR.
 */
export const mockSettings: Settings = { evrConnected: false, evrTolerancePercent: EVR_MEASUREMENT_TOLERANCE_PERCENT };

export const settingsHandlers: readonly HttpHandler[] = [http.get('*/api/settings', () => HttpResponse.json(mockSettings))];
