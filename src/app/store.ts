import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type Persistor } from 'redux-persist';
import { REHYDRATE_TIMEOUT_MS } from '../config/constants';
import { campaignReducer } from '../features/campaign/campaign-slice';
import { permissionReducer } from '../features/permission/permission-slice';
import { userReducer } from '../features/user/user-slice';
import { localStorageEngine } from '../lib/persist-storage';

export const rootReducer = combineReducers({
  user: userReducer,
  campaign: campaignReducer,
  permission: permissionReducer,
});

export const PERSIST_KEY = 'root';

const persistedReducer = persistReducer(
  { key: PERSIST_KEY, storage: localStorageEngine, timeout: REHYDRATE_TIMEOUT_MS },
  rootReducer,
);

export function makeStore() {
  const store = configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
  const persistor: Persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
