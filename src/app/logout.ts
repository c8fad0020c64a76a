import type { Persistor } from 'redux-persist';
import { config } from '../config/env';
import { paths } from '../config/paths';
import { resetCampaign } from '../features/campaign/campaign-slice';
import { resetPermissions } from '../features/permission/permission-slice';
import { resetUser } from '../features/user/user-slice';
import { plainClient, SIGN_OUT_PATH } from '../lib/api-client';
import { logoutDestination } from '../lib/logout-url';
import { hardNavigate } from '../lib/navigation';
import { stopPersistence } from '../lib/persistence-control';
import { clearAllClientState, readSession } from '../lib/session';
import type { AppDispatch } from './store';

interface LogoutDeps {
  dispatch: AppDispatch;
  persistor: Persistor | null;
  /** In-app navigation for the login page. */
  navigate: (to: string) => void;
}

/** Logout (SPEC §4): sign out on the server for REGULAR sessions, clear everything, leave. */
export async function logout({ dispatch, persistor, navigate }: LogoutDeps): Promise<void> {
  const session = readSession();
  const source = session?.signinSource ?? 'REGULAR';
  if (source === 'REGULAR' && session?.accessToken) {
    try {
      // No Authorization header: the plain instance has no interceptors.
      await plainClient.post(SIGN_OUT_PATH, { accessToken: session.accessToken });
    } catch {
      // The result is not used; local sign-out always proceeds.
    }
  }
  dispatch(resetUser());
  dispatch(resetCampaign());
  dispatch(resetPermissions());
  if (persistor) await stopPersistence(persistor);
  // localStorage (session record, user data, persist:root …), sessionStorage (register and
  // recover-password data, pending redirect) and every cookie.
  clearAllClientState();
  const destination = logoutDestination(source, config);
  if (destination === paths.login) navigate(paths.login);
  else hardNavigate(destination);
}
