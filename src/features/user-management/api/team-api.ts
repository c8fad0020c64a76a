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
import { api } from '../../../lib/api';

export interface WithCode {
  message_code?: string;
}

/** Every list here is of one campaign: its id is the tag id, so a write refreshes only that campaign's lists. */
const member = (campaignId: string) => ({ type: 'Member' as const, id: campaignId });
const invitation = (campaignId: string) => ({ type: 'Invitation' as const, id: campaignId });
const role = (campaignId: string) => ({ type: 'Role' as const, id: campaignId });

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    members: build.query<MemberListData, { campaignId: string; page: number; limit: number; search?: string }>({
      query: ({ campaignId, page, limit, search }) => ({ url: CAMPAIGN_PATHS.listMember(campaignId), params: search ? { page, limit, search } : { page, limit } }),
      transformResponse: (response: ApiSuccess<MemberListData>) => response.data,
      providesTags: (_result, _error, { campaignId }) => [member(campaignId)],
    }),
    invitations: build.query<InvitationListData, string>({
      query: (campaignId) => ({ url: CAMPAIGN_PATHS.listInvitation(campaignId), params: { page: 1, limit: 100 } }),
      transformResponse: (response: ApiSuccess<InvitationListData>) => response.data,
      providesTags: (_result, _error, campaignId) => [invitation(campaignId)],
    }),
    inviteMember: build.mutation<WithCode, InviteMemberRequest>({
      query: (body) => ({ url: CAMPAIGN_PATHS.inviteMember, method: 'POST', data: body }),
      invalidatesTags: (result, _error, body) => (result ? [member(body.campaign_id), invitation(body.campaign_id)] : []),
    }),
    revokeInvitation: build.mutation<WithCode, { campaignId: string; invitationId: string }>({
      query: ({ campaignId, invitationId }) => ({ url: CAMPAIGN_PATHS.revokeInvitation(campaignId, invitationId), method: 'DELETE' }),
      invalidatesTags: (result, _error, { campaignId }) => (result ? [member(campaignId), invitation(campaignId)] : []),
    }),
    /** A member's role changes the roles' member counts too. */
    updateMemberRole: build.mutation<WithCode, UpdateMemberRoleRequest>({
      query: (body) => ({ url: CAMPAIGN_PATHS.updateMemberRole, method: 'POST', data: body }),
      invalidatesTags: (result, _error, body) => (result ? [member(body.campaign_id), invitation(body.campaign_id), role(body.campaign_id)] : []),
    }),
    removeMember: build.mutation<WithCode, { campaignId: string; userId: string }>({
      query: ({ campaignId, userId }) => ({ url: CAMPAIGN_PATHS.removeMember(campaignId, userId), method: 'DELETE' }),
      invalidatesTags: (result, _error, { campaignId }) => (result ? [member(campaignId), invitation(campaignId), role(campaignId)] : []),
    }),
    roles: build.query<RoleListData, string>({
      query: (campaignId) => ({ url: CAMPAIGN_PATHS.listRole(campaignId) }),
      transformResponse: (response: ApiSuccess<RoleListData>) => response.data,
      providesTags: (_result, _error, campaignId) => [role(campaignId)],
    }),
    resources: build.query<ResourceDefinition[], void>({
      query: () => ({ url: CAMPAIGN_PATHS.listResource }),
      transformResponse: (response: ApiSuccess<{ resource_list: ResourceDefinition[] }>) => response.data.resource_list,
    }),
    addRole: build.mutation<WithCode, AddRoleRequest>({
      query: (body) => ({ url: CAMPAIGN_PATHS.addRole, method: 'POST', data: body }),
      invalidatesTags: (result, _error, body) => (result ? [role(body.campaign_id)] : []),
    }),
    /** A role's name shows in the members list too. */
    updateRole: build.mutation<WithCode, UpdateRoleRequest>({
      query: (body) => ({ url: CAMPAIGN_PATHS.updateRole, method: 'POST', data: body }),
      invalidatesTags: (result, _error, body) => (result ? [role(body.campaign_id), member(body.campaign_id)] : []),
    }),
    deleteRole: build.mutation<WithCode, { campaignId: string; roleKey: string }>({
      query: ({ campaignId, roleKey }) => ({ url: CAMPAIGN_PATHS.deleteRole(campaignId, roleKey), method: 'DELETE' }),
      invalidatesTags: (result, _error, { campaignId }) => (result ? [role(campaignId)] : []),
    }),
  }),
});

export const {
  useMembersQuery,
  useInvitationsQuery,
  useInviteMemberMutation,
  useRevokeInvitationMutation,
  useUpdateMemberRoleMutation,
  useRemoveMemberMutation,
  useRolesQuery,
  useResourcesQuery,
  useAddRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = teamApi;
