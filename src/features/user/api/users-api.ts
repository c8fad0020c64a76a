import {
  AUTH_PATHS,
  type ApiSuccess,
  type ChangePasswordRequest,
  type UpdateUserRequest,
  type UserView,
  type VerifyAttributeCodeSentData,
  type VerifyUserAttributeRequest,
} from '../../../../domain/auth/api-contract';
import { loadApi } from '../../../lib/load-api';

export async function getUser(id: string): Promise<UserView> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<UserView>>(AUTH_PATHS.user(id))).data.data;
}

export async function updateUser(id: string, body: UpdateUserRequest): Promise<ApiSuccess<UserView>> {
  const { apiClient } = await loadApi();
  return (await apiClient.put<ApiSuccess<UserView>>(AUTH_PATHS.user(id), body)).data;
}

export const profilePicturePath = (id: string) => `${AUTH_PATHS.user(id)}/profile_picture`;

/** Uploads the (cropped) picture as multipart to POST /auth/users/{id}/profile_picture; answers the stored key. */
export async function uploadProfilePicture(id: string, picture: Blob, fileName: string): Promise<string> {
  const { apiClient } = await loadApi();
  const form = new FormData();
  form.append('file', picture, fileName);
  const response = await apiClient.post<ApiSuccess<{ profile_picture?: string | null }>>(profilePicturePath(id), form, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
  const path = response.data?.data?.profile_picture;
  if (!path) throw new Error('Upload answered no profile_picture');
  return path;
}

export async function changePassword(body: ChangePasswordRequest): Promise<ApiSuccess<unknown>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<ApiSuccess<unknown>>(AUTH_PATHS.changePassword, body)).data;
}

/** Without `code`: sends a code to the new address. With `code`: verifies it and answers the updated user. */
export async function verifyUserAttribute(body: VerifyUserAttributeRequest): Promise<ApiSuccess<VerifyAttributeCodeSentData | UserView>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<ApiSuccess<VerifyAttributeCodeSentData | UserView>>(AUTH_PATHS.verifyUserAttribute, body)).data;
}
