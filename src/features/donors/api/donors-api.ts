import { PAYMENT_PATHS, type RefundOnlineBody } from '../../../../domain/payments/api-contract';
import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { CAMPAIGN_PATHS, type ElectionCycleItem } from '../../../../domain/campaign';
import { DONOR_BOOK_PATHS as P, donorBookPath } from '../../../../domain/donor-book/api-contract';
import type {
  AddDonationRequest,
  DonationListData,
  DonationListQuery,
  DonationRow,
  DonationWriteData,
  RefundDonationRequest,
  UpdateDonationRequest,
} from '../../../../domain/donor-book/donations-contract';
import type { DonorHistoryListData } from '../../../../domain/donor-book/donor-reports-contract';
import type {
  AddDonorRequest,
  DoingBusinessApplyData,
  DoingBusinessReviewData,
  DonorDetail,
  DonorListData,
  DonorListQuery,
  DonorRow,
  MergeDonorRequest,
  UpdateDonorRequest,
} from '../../../../domain/donor-book/donors-contract';
import type { AddFollowUpCallRequest, FollowUpCallListData } from '../../../../domain/donor-book/follow-up-contract';
import type { AddPledgeRequest, PledgeRow, UpdatePledgeRequest, WriteOffPledgeRequest } from '../../../../domain/donor-book/pledges-contract';
import type { AddMetadataRequest, MetadataListData, MetadataRow, UpdateMetadataRequest } from '../../../../domain/donor-book/tags-notes-contract';
import type { MetadataKind } from '../../../../domain/donor-book/enums';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { loadApi } from '../../../lib/load-api';

/** A write's answer: the row and the success message code (domain/messages.ts). */
export interface Written<T> {
  data: T;
  message_code?: string;
}

/** Query params without empty values (SPEC §5: empty values are stripped from filter objects). */
export function stripEmpty<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

async function get<T>(path: string, params?: object): Promise<T> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<T>>(path, params ? { params: stripEmpty(params) } : undefined)).data.data;
}

async function post<T>(path: string, body: object, options?: { headers: Record<string, string> }): Promise<Written<T>> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<Written<T>>(path, body, options)).data;
}

async function remove(path: string): Promise<Written<unknown>> {
  const { apiClient } = await loadApi();
  return (await apiClient.delete<Written<unknown>>(path)).data;
}

const c = (campaignId: string) => ({ campaignId });

// ── donors ──────────────────────────────────────────────────────────────────────────────────

export const listDonors = (campaignId: string, query: DonorListQuery) => get<DonorListData>(donorBookPath(P.listDonor, c(campaignId)), query);
export const getDonor = (campaignId: string, donorId: string) => get<DonorDetail>(donorBookPath(P.getDonor, { campaignId, donorId }));
export const addDonor = (body: AddDonorRequest) => post<DonorRow>(P.addDonor, body);
export const updateDonor = (body: UpdateDonorRequest) => post<DonorRow>(P.updateDonor, body);
export const mergeDonors = (body: MergeDonorRequest) => post<DonorRow>(P.mergeDonor, body);
export const deleteDonor = (campaignId: string, donorId: string) => remove(donorBookPath(P.deleteDonor, { campaignId, donorId }));
/** Doing Business Database extract: the review lists matches and writes nothing; apply marks the donors chosen. */
export const reviewDoingBusiness = (campaignId: string, fileText: string) =>
  post<DoingBusinessReviewData>(P.reviewDoingBusiness, { campaign_id: campaignId, file_text: fileText });
export const applyDoingBusiness = (campaignId: string, donorIds: string[]) =>
  post<DoingBusinessApplyData>(P.applyDoingBusiness, { campaign_id: campaignId, donor_ids: donorIds });

/** The campaign's election cycles (GET list_election_cycle/{campaignId}): the donor list's Cycle filter. */
export const listCampaignCycles = async (campaignId: string) =>
  (await get<{ election_cycle_list: ElectionCycleItem[] }>(CAMPAIGN_PATHS.listElectionCycle(campaignId))).election_cycle_list;

/** list_donor_tags: the campaign's tags (answer `{ tag_list }` of strings or of `{ tag }` / `{ value }` rows). */
export async function listDonorTags(campaignId: string): Promise<string[]> {
  const data = await get<{ tag_list?: unknown[] }>(donorBookPath(P.listDonorTags, c(campaignId)));
  return (data?.tag_list ?? [])
    .map((item) => (typeof item === 'string' ? item : ((item as { tag?: string; value?: string })?.tag ?? (item as { value?: string })?.value ?? '')))
    .filter((tag): tag is string => tag !== '');
}

// ── pledges ─────────────────────────────────────────────────────────────────────────────────

/** One call per submission of the form, with its own Idempotency-Key (the server records it once). */
export const addPledge = (body: AddPledgeRequest) => post<PledgeRow>(P.addPledge, body, idempotencyHeaders());
export const updatePledge = (body: UpdatePledgeRequest) => post<PledgeRow>(P.updatePledge, body);
export const writeOffPledge = (body: WriteOffPledgeRequest) => post<PledgeRow>(P.writeOffPledge, body);
export const deletePledge = (campaignId: string, pledgeId: string) => remove(donorBookPath(P.deletePledge, { campaignId, pledgeId }));

// ── donations ───────────────────────────────────────────────────────────────────────────────

export const listDonations = (campaignId: string, query: DonationListQuery) => get<DonationListData>(donorBookPath(P.listDonation, c(campaignId)), query);
export const addDonation = (body: AddDonationRequest) => post<DonationWriteData>(P.addDonation, body, idempotencyHeaders());
export const updateDonation = (body: UpdateDonationRequest) => post<DonationWriteData>(P.updateDonation, body);
export const refundDonation = (body: RefundDonationRequest) => post<DonationRow>(P.refundDonation, body, idempotencyHeaders());
/** A donation paid online: the money goes back through PayPal (POST /payment/refund), booked once. */
export const refundOnlineDonation = (body: RefundOnlineBody) => post<DonationRow>(PAYMENT_PATHS.refund, body, idempotencyHeaders());
export const deleteDonation = (campaignId: string, donationId: string) => remove(donorBookPath(P.deleteDonation, { campaignId, donationId }));

// ── history, calls ──────────────────────────────────────────────────────────────────────────

export const listDonorHistory = (campaignId: string, query: { donor_id: string; page?: number; limit?: number; sort?: string }) =>
  get<DonorHistoryListData>(donorBookPath(P.listDonorHistory, c(campaignId)), query);
export const listFollowUpCalls = (campaignId: string, query: { donor_id: string; page?: number; limit?: number }) =>
  get<FollowUpCallListData>(donorBookPath(P.listFollowUpCall, c(campaignId)), query);
export const addFollowUpCall = (body: AddFollowUpCallRequest) => post<unknown>(P.addFollowUpCall, body);

// ── tags and notes ──────────────────────────────────────────────────────────────────────────

export const listMetadata = (campaignId: string, query: { donor_id: string; kind?: MetadataKind; page?: number; limit?: number }) =>
  get<MetadataListData>(donorBookPath(P.listMetadata, c(campaignId)), query);
export const addMetadata = (body: AddMetadataRequest) => post<MetadataRow>(P.addMetadata, body);
export const updateMetadata = (body: UpdateMetadataRequest) => post<MetadataRow>(P.updateMetadata, body);
export const deleteMetadata = (campaignId: string, metadataId: string) => remove(donorBookPath(P.deleteMetadata, { campaignId, metadataId }));
