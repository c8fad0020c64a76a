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

export function makeStore() {
  // One persisting reducer per store: redux-persist keeps its pause flag and write queue in the
  // reducer, so a reducer shared by two stores would let one store's pause stop the other.
  const persistedReducer = persistReducer(
    { key: PERSIST_KEY, storage: localStorageEngine, timeout: REHYDRATE_TIMEOUT_MS },
    rootReducer,
  );
  const store = configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
  const persistor: Persistor = persistStore(store);
  livePersistors.add(persistor);
  return { store, persistor };
}

const livePersistors = new Set<Persistor>();

/**
 * Writes what every store has staged and stops their persistence, so no deferred write runs
 * later (tests call it after each test, before the page environment is torn down).
 */
export async function stopPersisting(): Promise<void> {
  const persistors = [...livePersistors];
  livePersistors.clear();
  for (const persistor of persistors) {
    await persistor.flush();
    persistor.pause();
  }
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
