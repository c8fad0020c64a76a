import {
  AUTH_PATHS,
  type ApiSuccess,
  type ListUsersQuery,
  type UserListData,
  type UserStatusAction,
  type UserView,
} from '../../../../domain/auth/api-contract';
import { loadApi } from '../../../lib/load-api';

/** Empty values are stripped from filter objects (SPEC §5). */
function withoutEmpty(query: ListUsersQuery): Partial<ListUsersQuery> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

export async function listUsers(query: ListUsersQuery): Promise<UserListData> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<UserListData>>(AUTH_PATHS.adminListUsers, { params: withoutEmpty(query) })).data.data;
}

export async function updateUserStatus(id: string, action: UserStatusAction): Promise<UserView> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<ApiSuccess<UserView>>(AUTH_PATHS.adminUpdateUserStatus(id), { action })).data.data;
}
