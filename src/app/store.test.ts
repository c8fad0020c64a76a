import type { Persistor } from 'redux-persist';
import { selectCampaign, setHeaderCampaignList } from '../features/campaign/campaign-slice';
import { updateCampaignPermissions } from '../features/permission/permission-slice';
import { setUser } from '../features/user/user-slice';
import { localStorageEngine } from '../lib/persist-storage';
import { makeStore, stopPersisting } from './store';

function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    });
  });
}

describe('persisted store', () => {
  it('survives a reload: a new store rehydrates user, campaign and permission from localStorage', async () => {
    const first = makeStore();
    await rehydrated(first.persistor);
    first.store.dispatch(setUser({ userId: 7, name: 'Jane Roe', email: 'jane@example.org' }));
    first.store.dispatch(setHeaderCampaignList([{ campaign_id: '3', campaign_name: 'Jane for Council' }]));
    first.store.dispatch(selectCampaign({ label: 'Jane for Council', value: '3' }));
    first.store.dispatch(updateCampaignPermissions({ campaign_id: '3', resource_names: ['donor:read'] }));
    await first.persistor.flush();
    first.persistor.pause();

    expect(localStorage.getItem('persist:root')).not.toBeNull();

    const second = makeStore();
    await rehydrated(second.persistor);
    const state = second.store.getState();
    expect(state.user).toMatchObject({ userId: 7, name: 'Jane Roe', email: 'jane@example.org' });
    expect(state.campaign.selectedCampaignId).toBe('3');
    expect(state.campaign.selectedCampaign?.campaign_name).toBe('Jane for Council');
    expect(state.permission.list).toEqual([{ campaign_id: '3', resource_names: ['donor:read'] }]);
  });

  it('starts empty without stored state', async () => {
    const { store, persistor } = makeStore();
    await rehydrated(persistor);
    expect(store.getState().user.name).toBe('');
    expect(store.getState().campaign.selectedCampaignId).toBeNull();
    expect(store.getState().permission.list).toEqual([]);
  });

  it('writes nothing after stopPersisting, even a change staged just before it', async () => {
    const { store, persistor } = makeStore();
    await rehydrated(persistor);
    store.dispatch(setUser({ userId: 1, name: 'Before stop', email: 'a@example.org' }));
    await stopPersisting();
    expect(localStorage.getItem('persist:root')).toContain('Before stop');
    localStorage.clear();
    store.dispatch(setUser({ userId: 1, name: 'After stop', email: 'a@example.org' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(localStorage.getItem('persist:root')).toBeNull();
  });

  it('pausing one store does not stop another store from persisting', async () => {
    const first = makeStore();
    const second = makeStore();
    await rehydrated(first.persistor);
    await rehydrated(second.persistor);
    first.persistor.pause();
    second.store.dispatch(setUser({ userId: 2, name: 'Second store', email: 'b@example.org' }));
    await second.persistor.flush();
    expect(localStorage.getItem('persist:root')).toContain('Second store');
  });
});

describe('localStorage engine', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('drops reads and writes once the page is gone instead of throwing', async () => {
    vi.stubGlobal('window', undefined);
    await expect(localStorageEngine.setItem('k', 'v')).resolves.toBeUndefined();
    await expect(localStorageEngine.getItem('k')).resolves.toBeNull();
    await expect(localStorageEngine.removeItem('k')).resolves.toBeUndefined();
  });
});
