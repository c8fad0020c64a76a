import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface UserState {
  userId: string | number | null;
  name: string;
  email: string;
  /** Storage path; the UI prefixes it with the bucket base URL. */
  profile_picture: string;
  is_profile_updated: 0 | 1;
}

export const initialUserState: UserState = {
  userId: null,
  name: '',
  email: '',
  profile_picture: '',
  is_profile_updated: 0,
};

const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    setUser(state, action: PayloadAction<Partial<UserState>>) {
      Object.assign(state, action.payload);
    },
    reset() {
      return initialUserState;
    },
  },
});

export const { setUser, reset: resetUser } = userSlice.actions;
export const userReducer = userSlice.reducer;
