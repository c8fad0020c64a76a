import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { sessionUserId } from '../../../lib/session';

/**
 * On app start (signed in): loads the current user (GET /auth/users/{id}, users-api's `currentUser`,
 * which puts each answer into the user slice). The api module loads here, not with the sign-in page.
 */
export function useLoadCurrentUser(): void {
  const dispatch = useAppDispatch();
  const storedId = useAppSelector((state) => state.user.userId);
  const id = storedId !== null && storedId !== '' ? String(storedId) : sessionUserId();

  useEffect(() => {
    if (!id) return;
    // Read afresh once per mount of the private area and user id; unsubscribed when it unmounts.
    const subscribing = import('../api/users-api')
      .then(({ usersApi }) => ({ subscription: dispatch(usersApi.endpoints.currentUser.initiate(id, { forceRefetch: true })) }))
      .catch(() => null);
    return () => void subscribing.then((loaded) => loaded?.subscription.unsubscribe());
  }, [dispatch, id]);
}
