// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { incomingWaybillHandlers } from './api/__mocks__/incomingWaybillHandlers';
