// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { MOCK_EVR, mockWaybill, NO_EVR } from '@/shared/mock-db';
export { waybillHandlers } from './api/__mocks__/waybillHandlers';
export { mockBatchJob, waybillVolumeHandlers } from './api/__mocks__/waybillVolumeHandlers';
