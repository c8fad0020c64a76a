import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../../domain/donor-book/api-contract';
import type { AddFollowUpCallRequest, FollowUpListData, FollowUpListQuery, SendNotificationRequest } from '../../../../domain/donor-book/follow-up-contract';
import { loadApi } from '../../../lib/load-api';

interface WithCode {
  message_code?: string;
}

/** Empty values are stripped from filter objects (SPEC §5). */
function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

/** follow_up_list: donors with open pledges or due payments, paged on the server. */
export async function listFollowUp(campaignId: string, query: FollowUpListQuery): Promise<FollowUpListData> {
  const { apiClient } = await loadApi();
  const url = donorBookPath(DONOR_BOOK_PATHS.followUpList, { campaignId });
  return (await apiClient.get<ApiSuccess<FollowUpListData>>(url, { params: compact(query) })).data.data;
}

export async function addFollowUpCall(body: AddFollowUpCallRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(DONOR_BOOK_PATHS.addFollowUpCall, body)).data;
}

/** send_notification: a reminder by e-mail or text, through the outbox. */
export async function sendReminder(campaignId: string, body: SendNotificationRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(donorBookPath(DONOR_BOOK_PATHS.sendNotification, { campaignId }), body)).data;
}
