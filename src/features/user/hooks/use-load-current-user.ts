import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { sessionUserId } from '../../../lib/session';
import { userLoaded } from '../user-slice';

/** On app start (signed in): loads the current user (GET /auth/users/{id}) into the user slice. */
export function useLoadCurrentUser(): void {
  const dispatch = useAppDispatch();
  const storedId = useAppSelector((state) => state.user.userId);
  const id = storedId !== null && storedId !== '' ? String(storedId) : sessionUserId();

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    import('../api/users-api')
      .then(({ getUser }) => getUser(id))
      .then((user) => {
        if (!cancelled && user) dispatch(userLoaded(user));
      })
      .catch(() => {
        // 401s are handled by the api client (refresh, or back to login); the stored user stays otherwise.
      });
    return () => {
      cancelled = true;
    };
    // Once per mount of the private area and user id.
  }, [dispatch, id]);
}
