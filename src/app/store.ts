import { combineReducers, configureStore, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { api } from '../lib/api';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type Persistor } from 'redux-persist';
import { REHYDRATE_TIMEOUT_MS } from '../config/constants';
import { campaignReducer } from '../features/campaign/campaign-slice';
import { permissionReducer } from '../features/permission/permission-slice';
import { userReducer } from '../features/user/user-slice';
import { localStorageEngine } from '../lib/persist-storage';

const persistedSlices = combineReducers({
  user: userReducer,
  campaign: campaignReducer,
  permission: permissionReducer,
});
type PersistedState = ReturnType<typeof persistedSlices>;
/** RTK Query's cache (src/lib/api.ts), once a feature that loads data was imported. */
type ApiState = ReturnType<typeof api.reducer>;

let apiReducer: Reducer<ApiState> | null = null;
let apiMiddleware: Middleware | null = null;
const liveStores = new Set<{ dispatch: (action: UnknownAction) => unknown }>();

/**
 * The persisted slices, plus the RTK Query cache under `api`, added when src/lib/api.ts is first
 * imported: the sign-in pages never download RTK Query, and the cache is never persisted. (RTK's
 * `combineSlices` and `createDynamicMiddleware` do this too, but add a kilobyte to the sign-in page,
 * which is at its budget.)
 */
export const rootReducer = (state: RootState | undefined, action: UnknownAction): RootState => {
  const { api: apiState, ...persisted } = state ?? {};
  const next = persistedSlices(state ? (persisted as PersistedState) : undefined, action);
  // Before the injection the state has no `api` (RootState says what every reader of it sees: they import api.ts).
  if (!apiReducer) return next as RootState;
  const nextApi = apiReducer(apiState, action);
  return state && next === (persisted as PersistedState) && nextApi === apiState ? state : { ...next, api: nextApi };
};

/** Adds RTK Query's reducer and middleware to every store, made or to be made (src/lib/api.ts, once). */
export function injectApi(reducer: Reducer<ApiState>, middleware: Middleware): void {
  apiReducer = reducer;
  apiMiddleware = middleware;
  for (const store of liveStores) store.dispatch({ type: 'api/injected' });
}

/** Passes actions through RTK Query's middleware once it is injected. */
const lazyApiMiddleware: Middleware = (storeApi) => (next) => {
  let chain: ((action: unknown) => unknown) | null = null;
  return (action) => {
    if (!chain && apiMiddleware) chain = apiMiddleware(storeApi)(next) as (action: unknown) => unknown;
    return chain ? chain(action) : next(action);
  };
};

export const PERSIST_KEY = 'root';

export function makeStore() {
  // One persisting reducer per store: redux-persist keeps its pause flag and write queue in the
  // reducer, so a reducer shared by two stores would let one store's pause stop the other.
  const persistedReducer = persistReducer(
    { key: PERSIST_KEY, storage: localStorageEngine, timeout: REHYDRATE_TIMEOUT_MS, blacklist: ['api'] },
    rootReducer,
  );
  const store = configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(lazyApiMiddleware),
  });
  liveStores.add(store);
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
  liveStores.clear();
  for (const persistor of persistors) {
    await persistor.flush();
    persistor.pause();
  }
}

export type AppStore = ReturnType<typeof makeStore>['store'];
/** The store's state; `api` exists once src/lib/api.ts was imported, which every reader of it does. */
export type RootState = PersistedState & { api: ApiState };
export type AppDispatch = AppStore['dispatch'];
