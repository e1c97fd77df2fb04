import type { AppRootState } from './rootReducer';
import type { AppStore } from './makeStore';

declare global {
  /** The store's state; declared globally so lower layers can type selectors without importing app. */
  type RootState = AppRootState;
  type AppDispatch = AppStore['dispatch'];
}
