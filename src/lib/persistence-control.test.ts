import { makeStore } from '../app/store';
import { setUser } from '../features/user/user-slice';
import { resumePersistence, stopPersistence } from './persistence-control';

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

describe('persistence control', () => {
  it('stops writing persist:root after logout and writes again after the next sign-in', async () => {
    const { store, persistor } = makeStore();
    await tick();
    store.dispatch(setUser({ name: 'Jane' }));
    await persistor.flush();
    expect(localStorage.getItem('persist:root')).toContain('Jane');

    await stopPersistence(persistor);
    localStorage.clear();
    store.dispatch(setUser({ name: 'After logout' }));
    await tick();
    expect(localStorage.getItem('persist:root')).toBeNull();

    resumePersistence(persistor);
    store.dispatch(setUser({ name: 'Signed in again' }));
    await persistor.flush();
    expect(localStorage.getItem('persist:root')).toContain('Signed in again');
    persistor.pause();
  });
});
