// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { accountPreferenceHandlers, mockAccountPreferences } from './api/__mocks__/accountPreferenceHandlers';
