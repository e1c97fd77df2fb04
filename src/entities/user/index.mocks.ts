// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockStaffUser, mockUser } from './api/__mocks__/userFixtures';
export { meHandler, MOCK_RESET_TOKEN, resetMockUsers, userHandlers } from './api/__mocks__/userHandlers';
