import { createAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../../domain/auth/api-contract';

/**
 * Dispatched by the auth feature after a successful sign-in; the user slice fills itself from it
 * (features do not import each other, so the action lives here).
 */
export const signedIn = createAction<SessionUser>('session/signedIn');
