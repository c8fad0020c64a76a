import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../../../domain/auth/api-contract';
import { signedIn } from '../../lib/session-actions';

export interface UserState {
  userId: string | number | null;
  name: string;
  last_name: string;
  email: string;
  phone: string;
  /** Storage path; the UI prefixes it with the bucket base URL. */
  profile_picture: string;
  is_profile_updated: 0 | 1;
  is_platform_admin: boolean;
}

export const initialUserState: UserState = {
  userId: null,
  name: '',
  last_name: '',
  email: '',
  phone: '',
  profile_picture: '',
  is_profile_updated: 0,
  is_platform_admin: false,
};

/** A user as the API answers it (sign-in payload, GET/PUT /auth/users/{id}) → slice fields. */
export function userStateFrom(user: SessionUser): UserState {
  return {
    userId: user.userId,
    name: user.name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    profile_picture: user.profile_picture ?? '',
    is_profile_updated: user.is_profile_updated === 1 ? 1 : 0,
    is_platform_admin: user.is_platform_admin === true,
  };
}

const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    setUser(state, action: PayloadAction<Partial<UserState>>) {
      Object.assign(state, action.payload);
    },
    /** Replaces the slice with a user loaded from the API. */
    userLoaded(_state, action: PayloadAction<SessionUser>) {
      return userStateFrom(action.payload);
    },
    reset() {
      return initialUserState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedIn, (_state, action) => userStateFrom(action.payload));
  },
});

export const { setUser, userLoaded, reset: resetUser } = userSlice.actions;
export const userReducer = userSlice.reducer;
