import {
  AUTH_PATHS,
  type ApiSuccess,
  type ListUsersQuery,
  type UserListData,
  type UserStatusAction,
  type UserView,
} from '../../../../domain/auth/api-contract';
import { api, withoutEmpty } from '../../../lib/api';

/** Empty values are stripped from filter objects (SPEC §5). */

/** The platform's user list: what a status change refreshes (not the signed-in user's own entry). */
const USER_LIST = { type: 'User', id: 'ADMIN_LIST' } as const;

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<UserListData, ListUsersQuery>({
      query: (query) => ({ url: AUTH_PATHS.adminListUsers, params: withoutEmpty(query) }),
      transformResponse: (response: ApiSuccess<UserListData>) => response.data,
      providesTags: [USER_LIST],
    }),
    updateUserStatus: build.mutation<UserView, { id: string; action: UserStatusAction }>({
      query: ({ id, action }) => ({ url: AUTH_PATHS.adminUpdateUserStatus(id), method: 'POST', data: { action } }),
      transformResponse: (response: ApiSuccess<UserView>) => response.data,
      invalidatesTags: (result) => (result ? [USER_LIST] : []),
    }),
  }),
});

export const { useAdminUsersQuery, useUpdateUserStatusMutation } = adminUsersApi;
