import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import {
  CAMPAIGN_PATHS,
  type AcceptInvitationData,
  type CampaignListData,
  type CampaignView,
  type CreateCampaignRequest,
  type ElectionCycleItem,
  type OfficeSoughtItem,
  type PackageListData,
  type PendingCampaignListData,
  type SlugCheckData,
  type StateItem,
  type UpdateCampaignRequest,
} from '../../../../domain/campaign';
import { CAMPAIGN_LIST_LIMIT, CAMPAIGN_LIST_PAGE } from '../../../config/constants';
import { loadApi } from '../../../lib/load-api';

interface WithCode<T> {
  data: T;
  message_code?: string;
}

export async function listCampaigns(userId: string): Promise<CampaignListData> {
  const { apiClient } = await loadApi();
  const params = { limit: CAMPAIGN_LIST_LIMIT, page: CAMPAIGN_LIST_PAGE };
  return (await apiClient.get<ApiSuccess<CampaignListData>>(CAMPAIGN_PATHS.listCampaign(userId), { params })).data.data;
}

export async function getCampaign(id: string): Promise<CampaignView> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<CampaignView>>(CAMPAIGN_PATHS.getCampaign(id))).data.data;
}

export async function createCampaign(body: CreateCampaignRequest): Promise<WithCode<CampaignView>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode<CampaignView>>(CAMPAIGN_PATHS.createCampaign, body)).data;
}

export async function updateCampaign(body: UpdateCampaignRequest): Promise<WithCode<CampaignView>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode<CampaignView>>(CAMPAIGN_PATHS.updateCampaign, body)).data;
}

export async function checkSlug(slug: string, campaignId?: string): Promise<SlugCheckData> {
  const { apiClient } = await loadApi();
  const params = campaignId ? { campaign_id: campaignId } : undefined;
  return (await apiClient.get<ApiSuccess<SlugCheckData>>(CAMPAIGN_PATHS.checkSlug(slug), { params })).data.data;
}

export async function listOffices(): Promise<OfficeSoughtItem[]> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<{ office_sought_list: OfficeSoughtItem[] }>>(CAMPAIGN_PATHS.listOfficeSought)).data.data.office_sought_list;
}

export async function listElectionCycles(office: string): Promise<ElectionCycleItem[]> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<{ election_cycle_list: ElectionCycleItem[] }>>(CAMPAIGN_PATHS.listElectionCycle(office))).data.data.election_cycle_list;
}

export async function listStates(): Promise<StateItem[]> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<{ state_list: StateItem[] }>>(CAMPAIGN_PATHS.listState)).data.data.state_list;
}

export async function listPendingCampaigns(page: number, limit: number): Promise<PendingCampaignListData> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<PendingCampaignListData>>(CAMPAIGN_PATHS.adminListPending, { params: { page, limit } })).data.data;
}

export async function approveCampaign(id: string): Promise<WithCode<unknown>> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<WithCode<unknown>>(CAMPAIGN_PATHS.approveCampaign(id))).data;
}

export async function grantPackage(campaignId: string, years: number): Promise<WithCode<unknown>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode<unknown>>(CAMPAIGN_PATHS.grantPackage, { campaign_id: campaignId, years })).data;
}

export async function listPackages(campaignId: string): Promise<PackageListData> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<PackageListData>>(CAMPAIGN_PATHS.listPackageByYear(campaignId))).data.data;
}

export async function acceptInvitation(token: string): Promise<WithCode<AcceptInvitationData>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode<AcceptInvitationData>>(CAMPAIGN_PATHS.acceptInvitation, { token })).data;
}

/** The expiry popup was dismissed (SPEC §4). */
export async function markNotifyShown(campaignId: string): Promise<void> {
  const { apiClient } = await loadApi();
  await apiClient.put(CAMPAIGN_PATHS.updateNotifyStatus, { campaign_id: campaignId, is_popup_shown: 1 });
}

/** Owners only: active → archived (read-only). */
export async function archiveCampaign(campaignId: string): Promise<WithCode<CampaignView>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode<CampaignView>>(CAMPAIGN_PATHS.archiveCampaign, { campaign_id: campaignId })).data;
}

/** Owners only: archived → active. */
export async function restoreCampaign(campaignId: string): Promise<WithCode<CampaignView>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode<CampaignView>>(CAMPAIGN_PATHS.restoreCampaign, { campaign_id: campaignId })).data;
}

/** Multipart POST upload_logo/{campaignId} (field "file"): answers the campaign with its new logo key. */
export async function uploadCampaignLogo(campaignId: string, logo: Blob, fileName: string): Promise<WithCode<CampaignView>> {
  const { apiClient } = await loadApi();
  const form = new FormData();
  form.append('file', logo, fileName);
  return (await apiClient.post<WithCode<CampaignView>>(CAMPAIGN_PATHS.uploadLogo(campaignId), form, { headers: { 'Content-Type': 'multipart/form-data' } })).data;
}
