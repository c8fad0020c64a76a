import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import {
  CAMPAIGN_PATHS,
  type AddRoleRequest,
  type InvitationListData,
  type InviteMemberRequest,
  type MemberListData,
  type RoleListData,
  type UpdateMemberRoleRequest,
  type UpdateRoleRequest,
} from '../../../../domain/campaign';
import type { ResourceDefinition } from '../../../../domain/permissions';
import { loadApi } from '../../../lib/load-api';

interface WithCode {
  message_code?: string;
}

export async function listMembers(campaignId: string, query: { page: number; limit: number; search?: string }): Promise<MemberListData> {
  const { apiClient } = await loadApi();
  const params = query.search ? query : { page: query.page, limit: query.limit };
  return (await apiClient.get<ApiSuccess<MemberListData>>(CAMPAIGN_PATHS.listMember(campaignId), { params })).data.data;
}

export async function listInvitations(campaignId: string): Promise<InvitationListData> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<InvitationListData>>(CAMPAIGN_PATHS.listInvitation(campaignId), { params: { page: 1, limit: 100 } })).data.data;
}

export async function inviteMember(body: InviteMemberRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(CAMPAIGN_PATHS.inviteMember, body)).data;
}

export async function revokeInvitation(campaignId: string, invitationId: string): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.delete<WithCode>(CAMPAIGN_PATHS.revokeInvitation(campaignId, invitationId))).data;
}

export async function updateMemberRole(body: UpdateMemberRoleRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(CAMPAIGN_PATHS.updateMemberRole, body)).data;
}

export async function removeMember(campaignId: string, userId: string): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.delete<WithCode>(CAMPAIGN_PATHS.removeMember(campaignId, userId))).data;
}

export async function listRoles(campaignId: string): Promise<RoleListData> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<RoleListData>>(CAMPAIGN_PATHS.listRole(campaignId))).data.data;
}

export async function listResources(): Promise<ResourceDefinition[]> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<{ resource_list: ResourceDefinition[] }>>(CAMPAIGN_PATHS.listResource)).data.data.resource_list;
}

export async function addRole(body: AddRoleRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(CAMPAIGN_PATHS.addRole, body)).data;
}

export async function updateRole(body: UpdateRoleRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(CAMPAIGN_PATHS.updateRole, body)).data;
}

export async function deleteRole(campaignId: string, roleKey: string): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.delete<WithCode>(CAMPAIGN_PATHS.deleteRole(campaignId, roleKey))).data;
}
