import {
  AUTH_PATHS,
  type ApiSuccess,
  type ChangePasswordRequest,
  type UpdateUserRequest,
  type UserView,
  type VerifyAttributeCodeSentData,
  type VerifyUserAttributeRequest,
} from '../../../../domain/auth/api-contract';
import { api } from '../../../lib/api';
import { sessionUserId } from '../../../lib/session';
import { userLoaded } from '../user-slice';

export const profilePicturePath = (id: string) => `${AUTH_PATHS.user(id)}/profile_picture`;

/** The signed-in user's own account. The user slice (persisted) stays what the header and pages read. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /auth/users/{id}: each answer replaces the user slice, unless another user is signed in by then (or none). */
    currentUser: build.query<UserView, string>({
      query: (id) => ({ url: AUTH_PATHS.user(id) }),
      transformResponse: (response: ApiSuccess<UserView>) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null); // 401s: the api client refreshes or goes to login
        const stored = (getState() as unknown as { user: { userId: string | number | null } }).user.userId;
        const signedInAs = stored !== null && stored !== '' ? String(stored) : sessionUserId();
        if (result?.data && signedInAs === id) dispatch(userLoaded(result.data));
      },
    }),
    updateUser: build.mutation<ApiSuccess<UserView>, { id: string; body: UpdateUserRequest }>({
      query: ({ id, body }) => ({ url: AUTH_PATHS.user(id), method: 'PUT', data: body }),
    }),
    /** Multipart POST /auth/users/{id}/profile_picture (the cropped picture); answers the stored key, or null. */
    uploadProfilePicture: build.mutation<string | null, { id: string; picture: Blob; fileName: string }>({
      query: ({ id, picture, fileName }) => {
        const form = new FormData();
        form.append('file', picture, fileName);
        return { url: profilePicturePath(id), method: 'POST', data: form, headers: { 'Content-Type': 'multipart/form-data' } };
      },
      transformResponse: (response: ApiSuccess<{ profile_picture?: string | null }> | undefined) => response?.data?.profile_picture || null,
    }),
    changePassword: build.mutation<ApiSuccess<unknown>, ChangePasswordRequest>({
      query: (body) => ({ url: AUTH_PATHS.changePassword, method: 'POST', data: body }),
    }),
    /** Without `code`: sends a code to the new address. With `code`: verifies it and answers the updated user. */
    verifyUserAttribute: build.mutation<ApiSuccess<VerifyAttributeCodeSentData | UserView>, VerifyUserAttributeRequest>({
      query: (body) => ({ url: AUTH_PATHS.verifyUserAttribute, method: 'POST', data: body }),
    }),
  }),
});

export const { useUpdateUserMutation, useUploadProfilePictureMutation, useChangePasswordMutation, useVerifyUserAttributeMutation } = usersApi;
