// Public API for stories, tests and the mock mode only, kept apart so MSW never reaches the app's bundle.
export { mockSettings, settingsHandlers } from './api/__mocks__/settingsHandlers';
