// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { MOCK_CREDENTIALS, mockSession, mockTokenPair } from './api/__mocks__/authFixtures';
export {
  authHandlers,
  obtainTokenErrorHandler,
  obtainTokenHandler,
  obtainTokenPendingHandler,
} from './api/__mocks__/authHandlers';
