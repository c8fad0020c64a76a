import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../../domain/donor-book/api-contract';
import type { AddFollowUpCallRequest, FollowUpListData, FollowUpListQuery, SendNotificationRequest } from '../../../../domain/donor-book/follow-up-contract';
import { api, withoutEmpty } from '../../../lib/api';

interface WithCode {
  message_code?: string;
}

/** Empty values are stripped from filter objects (SPEC §5). */

export const followUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** follow_up_list: donors with open pledges or due payments, paged on the server. */
    followUpList: build.query<FollowUpListData, { campaignId: string; query: FollowUpListQuery }>({
      query: ({ campaignId, query }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.followUpList, { campaignId }), params: withoutEmpty(query) }),
      transformResponse: (body: ApiSuccess<FollowUpListData>) => body.data,
      // Remaining amounts and next payments (pledges, donations), the last call and reminder, the donor's contact.
      // With the id LIST, as the donor book's lists: merging donors reaches it too.
      providesTags: (['FollowUp', 'Pledge', 'Donation', 'Donor'] as const).map((type) => ({ type, id: 'LIST' })),
    }),
    logFollowUpCall: build.mutation<WithCode, AddFollowUpCallRequest>({
      query: (body) => ({ url: DONOR_BOOK_PATHS.addFollowUpCall, method: 'POST', data: body }),
      invalidatesTags: ['FollowUp'],
    }),
    /** send_notification: a reminder by e-mail or text, through the outbox. */
    sendFollowUpReminder: build.mutation<WithCode, { campaignId: string; body: SendNotificationRequest }>({
      query: ({ campaignId, body }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.sendNotification, { campaignId }), method: 'POST', data: body }),
      invalidatesTags: ['FollowUp', 'Outbox'],
    }),
  }),
});

/** The list is read again whenever the page opens or its query changes (who to call must be current). */
export const FRESH = { refetchOnMountOrArgChange: true } as const;

export const { useFollowUpListQuery, useLogFollowUpCallMutation, useSendFollowUpReminderMutation } = followUpApi;
