import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SigninData } from '../../../../domain/auth/api-contract';
import { useAppDispatch } from '../../../app/hooks';
import { usePersistor } from '../../../app/persistor-context';
import { clearAuthFlowData } from '../../../lib/auth-flow-storage';
import { resumePersistence } from '../../../lib/persistence-control';
import { safeRedirectPath } from '../../../lib/redirect';
import { writeSession } from '../../../lib/session';
import { signedIn } from '../../../lib/session-actions';

/**
 * After any successful sign-in: stores the session record (+ user-data key), fills the user
 * slice, and lands on `redirect_to` when it is a safe relative path (else the dashboard).
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const persistor = usePersistor();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return useCallback(
    (data: SigninData, redirectTo: string | null = params.get('redirect_to')) => {
      writeSession({ accessToken: data.accessToken, idToken: data.idToken, refreshToken: data.refreshToken, signinSource: data.signinSource });
      resumePersistence(persistor);
      dispatch(signedIn(data.user));
      clearAuthFlowData();
      navigate(safeRedirectPath(redirectTo), { replace: true });
    },
    [dispatch, navigate, params, persistor],
  );
}
