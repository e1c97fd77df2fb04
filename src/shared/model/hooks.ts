import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';

// RootState and AppDispatch are declared globally by app/store, so lower layers can type their
// selectors without importing the app layer.
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
