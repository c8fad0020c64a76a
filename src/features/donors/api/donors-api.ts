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
import { api, withoutEmpty } from '../../../lib/api';
import { idempotencyHeaders } from '../../../lib/idempotency-key';

/** A write's answer: the row and the success message code (domain/messages.ts). */
export interface Written<T> {
  data: T;
  message_code?: string;
}

/** Query params without empty values (SPEC §5: empty values are stripped from filter objects). */

/** The `data` of a success body `{ data }`. */
const unwrap = <T>(body: ApiSuccess<T>): T => body.data;
const c = (campaignId: string) => ({ campaignId });

/**
 * What a donor-book write changes, as cache tags. A donor's page and its sections provide their
 * types with the donor's id; the campaign-wide lists (the donor list, the follow-up list, the tag
 * list) with the id LIST. Most writes invalidate a whole type (every id); deleting or merging
 * donors names ids, so the donor that is gone is not read again.
 */
type DonorBookTag = 'Donor' | 'Pledge' | 'Donation' | 'FollowUp' | 'DonorTag' | 'DonorNote';
const tagsOf = (id: string, ...types: DonorBookTag[]) => types.map((type) => ({ type, id }));
const ALL_KINDS: DonorBookTag[] = ['Donor', 'Pledge', 'Donation', 'FollowUp', 'DonorTag', 'DonorNote'];
const DONOR_LIST = { type: 'Donor', id: 'LIST' } as const;
const donorTag = (donorId: string) => ({ type: 'Donor', id: donorId }) as const;
/** The campaign's tag list (the list's Tag filter). */
const TAG_LIST = { type: 'DonorTag', id: 'LIST' } as const;
/** Money moved: the donor's figures and pledges, the lists, and the campaign's dashboard and reports. */
const DONATION_WRITE = ['Donation', 'Dashboard', 'Report'] as const;
const PLEDGE_WRITE = ['Pledge', 'Dashboard', 'Report'] as const;
/** Tags (the donor's chips, the list's Tag filter, the #tags in the page's context line) and notes. */
const metadataTags = (kind: MetadataKind) => [kind === 'tag' ? 'DonorTag' : 'DonorNote'] as const;

/**
 * The donor book's reads and writes (issue 34): pages use the generated hooks. Campaign-scoped reads
 * take the campaign id in their argument, so another campaign's answer is another cache entry.
 */
export const donorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // ── donors ────────────────────────────────────────────────────────────────────────────────
    donorList: build.query<DonorListData, { campaignId: string; query: DonorListQuery }>({
      query: ({ campaignId, query }) => ({ url: donorBookPath(P.listDonor, c(campaignId)), params: withoutEmpty(query) }),
      transformResponse: unwrap<DonorListData>,
      providesTags: tagsOf('LIST', 'Donor', 'Pledge', 'Donation', 'DonorTag'),
    }),
    donorDetail: build.query<DonorDetail, { campaignId: string; donorId: string }>({
      query: ({ campaignId, donorId }) => ({ url: donorBookPath(P.getDonor, { campaignId, donorId }) }),
      transformResponse: unwrap<DonorDetail>,
      providesTags: (_result, _error, { donorId }) => tagsOf(donorId, 'Donor', 'Pledge', 'Donation', 'DonorTag'),
      // A donor deleted or merged away is not shown from the cache when its page is opened again.
      keepUnusedDataFor: 0,
    }),
    addDonor: build.mutation<Written<DonorRow>, AddDonorRequest>({
      query: (body) => ({ url: P.addDonor, method: 'POST', data: body }),
      invalidatesTags: [DONOR_LIST],
    }),
    updateDonor: build.mutation<Written<DonorRow>, UpdateDonorRequest>({
      query: (body) => ({ url: P.updateDonor, method: 'POST', data: body }),
      invalidatesTags: (_result, _error, body) => [DONOR_LIST, donorTag(body.donor_id), 'Dashboard', 'Report'],
    }),
    mergeDonors: build.mutation<Written<DonorRow>, MergeDonorRequest>({
      query: (body) => ({ url: P.mergeDonor, method: 'POST', data: body }),
      // The survivor takes over the duplicate's pledges, donations, calls, tags and notes; the duplicate is gone.
      invalidatesTags: (_result, _error, body) => [...tagsOf(body.survivor_id, ...ALL_KINDS), ...tagsOf('LIST', ...ALL_KINDS), 'Dashboard', 'Report', 'Payment'],
    }),
    deleteDonor: build.mutation<Written<unknown>, { campaignId: string; donorId: string }>({
      query: ({ campaignId, donorId }) => ({ url: donorBookPath(P.deleteDonor, { campaignId, donorId }), method: 'DELETE' }),
      // The lists and the campaign's tags, not the deleted donor's own page (it would only answer 404).
      invalidatesTags: [DONOR_LIST, TAG_LIST],
    }),
    /** Doing Business Database extract: the review lists matches and writes nothing; apply marks the donors chosen. */
    reviewDoingBusiness: build.mutation<Written<DoingBusinessReviewData>, { campaignId: string; fileText: string }>({
      query: ({ campaignId, fileText }) => ({ url: P.reviewDoingBusiness, method: 'POST', data: { campaign_id: campaignId, file_text: fileText } }),
    }),
    applyDoingBusiness: build.mutation<Written<DoingBusinessApplyData>, { campaignId: string; donorIds: string[] }>({
      query: ({ campaignId, donorIds }) => ({ url: P.applyDoingBusiness, method: 'POST', data: { campaign_id: campaignId, donor_ids: donorIds } }),
      // Marked donors have a lower limit and nothing matchable: their figures changed.
      invalidatesTags: (_result, _error, { donorIds }) => [DONOR_LIST, ...donorIds.map(donorTag), 'Dashboard', 'Report'],
    }),
    /** The campaign's election cycles (GET list_election_cycle/{campaignId}): the donor list's Cycle filter. */
    donorCycleList: build.query<ElectionCycleItem[], string>({
      query: (campaignId) => ({ url: CAMPAIGN_PATHS.listElectionCycle(campaignId) }),
      transformResponse: (body: ApiSuccess<{ election_cycle_list: ElectionCycleItem[] }>) => body.data.election_cycle_list,
      providesTags: ['CampaignDetails'],
    }),
    /** list_donor_tags: the campaign's tags (answer `{ tag_list }` of strings or of `{ tag }` / `{ value }` rows). */
    donorTagList: build.query<string[], string>({
      query: (campaignId) => ({ url: donorBookPath(P.listDonorTags, c(campaignId)) }),
      transformResponse: (body: ApiSuccess<{ tag_list?: unknown[] }>) =>
        (body.data?.tag_list ?? [])
          .map((item) => (typeof item === 'string' ? item : ((item as { tag?: string; value?: string })?.tag ?? (item as { value?: string })?.value ?? '')))
          .filter((tag): tag is string => tag !== ''),
      providesTags: [TAG_LIST],
    }),

    // ── pledges ───────────────────────────────────────────────────────────────────────────────
    /** One call per submission of the form, with its own Idempotency-Key (the server records it once). */
    addPledge: build.mutation<Written<PledgeRow>, AddPledgeRequest>({
      query: (body) => ({ url: P.addPledge, method: 'POST', data: body, ...idempotencyHeaders() }),
      invalidatesTags: [...PLEDGE_WRITE],
    }),
    updatePledge: build.mutation<Written<PledgeRow>, UpdatePledgeRequest>({
      query: (body) => ({ url: P.updatePledge, method: 'POST', data: body }),
      invalidatesTags: [...PLEDGE_WRITE],
    }),
    writeOffPledge: build.mutation<Written<PledgeRow>, WriteOffPledgeRequest>({
      query: (body) => ({ url: P.writeOffPledge, method: 'POST', data: body }),
      invalidatesTags: [...PLEDGE_WRITE],
    }),
    deletePledge: build.mutation<Written<unknown>, { campaignId: string; pledgeId: string }>({
      query: ({ campaignId, pledgeId }) => ({ url: donorBookPath(P.deletePledge, { campaignId, pledgeId }), method: 'DELETE' }),
      invalidatesTags: [...PLEDGE_WRITE],
    }),

    // ── donations ─────────────────────────────────────────────────────────────────────────────
    donorDonationList: build.query<DonationListData, { campaignId: string; query: DonationListQuery }>({
      query: ({ campaignId, query }) => ({ url: donorBookPath(P.listDonation, c(campaignId)), params: withoutEmpty(query) }),
      transformResponse: unwrap<DonationListData>,
      // A row names the pledge it pays.
      providesTags: (_result, _error, { query }) => tagsOf(query.donor_id ?? 'LIST', 'Donation', 'Pledge'),
    }),
    addDonation: build.mutation<Written<DonationWriteData>, AddDonationRequest>({
      query: (body) => ({ url: P.addDonation, method: 'POST', data: body, ...idempotencyHeaders() }),
      invalidatesTags: [...DONATION_WRITE],
    }),
    updateDonation: build.mutation<Written<DonationWriteData>, UpdateDonationRequest>({
      query: (body) => ({ url: P.updateDonation, method: 'POST', data: body }),
      invalidatesTags: [...DONATION_WRITE],
    }),
    refundDonation: build.mutation<Written<DonationRow>, RefundDonationRequest>({
      query: (body) => ({ url: P.refundDonation, method: 'POST', data: body, ...idempotencyHeaders() }),
      invalidatesTags: [...DONATION_WRITE],
    }),
    /** A donation paid online: the money goes back through PayPal (POST /payment/refund), booked once. */
    refundDonationOnline: build.mutation<Written<DonationRow>, RefundOnlineBody>({
      query: (body) => ({ url: PAYMENT_PATHS.refund, method: 'POST', data: body, ...idempotencyHeaders() }),
      invalidatesTags: [...DONATION_WRITE, 'Payment'],
    }),
    deleteDonation: build.mutation<Written<unknown>, { campaignId: string; donationId: string }>({
      query: ({ campaignId, donationId }) => ({ url: donorBookPath(P.deleteDonation, { campaignId, donationId }), method: 'DELETE' }),
      invalidatesTags: [...DONATION_WRITE],
    }),

    // ── history, calls ────────────────────────────────────────────────────────────────────────
    donorHistory: build.query<DonorHistoryListData, { campaignId: string; query: { donor_id: string; page?: number; limit?: number; sort?: string } }>({
      query: ({ campaignId, query }) => ({ url: donorBookPath(P.listDonorHistory, c(campaignId)), params: withoutEmpty(query) }),
      transformResponse: unwrap<DonorHistoryListData>,
      // Every pledge, donation, refund and write-off.
      providesTags: (_result, _error, { query }) => tagsOf(query.donor_id, 'Pledge', 'Donation'),
    }),
    donorCallList: build.query<FollowUpCallListData, { campaignId: string; query: { donor_id: string; page?: number; limit?: number } }>({
      query: ({ campaignId, query }) => ({ url: donorBookPath(P.listFollowUpCall, c(campaignId)), params: withoutEmpty(query) }),
      transformResponse: unwrap<FollowUpCallListData>,
      providesTags: (_result, _error, { query }) => tagsOf(query.donor_id, 'FollowUp'),
    }),
    logDonorCall: build.mutation<Written<unknown>, AddFollowUpCallRequest>({
      query: (body) => ({ url: P.addFollowUpCall, method: 'POST', data: body }),
      invalidatesTags: ['FollowUp'],
    }),

    // ── tags and notes ────────────────────────────────────────────────────────────────────────
    donorMetadataList: build.query<MetadataListData, { campaignId: string; query: { donor_id: string; kind?: MetadataKind; page?: number; limit?: number } }>({
      query: ({ campaignId, query }) => ({ url: donorBookPath(P.listMetadata, c(campaignId)), params: withoutEmpty(query) }),
      transformResponse: unwrap<MetadataListData>,
      providesTags: (_result, _error, { query }) => tagsOf(query.donor_id, 'DonorTag', 'DonorNote'),
    }),
    addMetadata: build.mutation<Written<MetadataRow>, AddMetadataRequest>({
      query: (body) => ({ url: P.addMetadata, method: 'POST', data: body }),
      invalidatesTags: (_result, _error, body) => [...metadataTags(body.kind)],
    }),
    /** `kind` is the row's (not sent): a tag's change reaches the donor's page and the list's Tag filter. */
    updateMetadata: build.mutation<Written<MetadataRow>, { body: UpdateMetadataRequest; kind: MetadataKind }>({
      query: ({ body }) => ({ url: P.updateMetadata, method: 'POST', data: body }),
      invalidatesTags: (_result, _error, { kind }) => [...metadataTags(kind)],
    }),
    deleteMetadata: build.mutation<Written<unknown>, { campaignId: string; metadataId: string; kind: MetadataKind }>({
      query: ({ campaignId, metadataId }) => ({ url: donorBookPath(P.deleteMetadata, { campaignId, metadataId }), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { kind }) => [...metadataTags(kind)],
    }),
  }),
});

/** Campaign-scoped lists are read again whenever a page opens or its query changes (figures must be current). */
export const FRESH = { refetchOnMountOrArgChange: true } as const;

export const {
  useDonorListQuery,
  useLazyDonorListQuery,
  useDonorDetailQuery,
  useAddDonorMutation,
  useUpdateDonorMutation,
  useMergeDonorsMutation,
  useDeleteDonorMutation,
  useReviewDoingBusinessMutation,
  useApplyDoingBusinessMutation,
  useDonorCycleListQuery,
  useDonorTagListQuery,
  useAddPledgeMutation,
  useUpdatePledgeMutation,
  useWriteOffPledgeMutation,
  useDeletePledgeMutation,
  useDonorDonationListQuery,
  useAddDonationMutation,
  useUpdateDonationMutation,
  useRefundDonationMutation,
  useRefundDonationOnlineMutation,
  useDeleteDonationMutation,
  useDonorHistoryQuery,
  useDonorCallListQuery,
  useLogDonorCallMutation,
  useDonorMetadataListQuery,
  useAddMetadataMutation,
  useUpdateMetadataMutation,
  useDeleteMetadataMutation,
} = donorsApi;
