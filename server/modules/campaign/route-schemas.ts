/** Yup schemas of route params and queries of the campaign API (bodies are in domain/validation/campaign.ts). */
import { number, object, string } from 'yup';
import { CAMPAIGN_VALIDATION_MESSAGES as M, pageQuerySchema, roleKeyField } from '../../../domain/validation/campaign';

const uuid = (message: string) => string().typeError(message).required(message).uuid(message);

export const idParamsSchema = object({ id: uuid(M.CAMPAIGN_ID_INVALID) });
export const userIdParamsSchema = object({ userId: uuid(M.USER_ID_INVALID) });
export const memberParamsSchema = object({ campaignId: uuid(M.CAMPAIGN_ID_INVALID), userId: uuid(M.USER_ID_INVALID) });
export const invitationParamsSchema = object({ campaignId: uuid(M.CAMPAIGN_ID_INVALID), invitationId: uuid('Invitation id is not valid') });
export const roleParamsSchema = object({ campaignId: uuid(M.CAMPAIGN_ID_INVALID), roleKey: roleKeyField });
export const slugParamsSchema = object({ slug: string().required(M.SLUG_REQUIRED).max(200, M.SLUG_LENGTH) });
export const slugQuerySchema = object({ campaign_id: string().uuid(M.CAMPAIGN_ID_INVALID).optional() });
export const yearsParamsSchema = object({ id: number().typeError(M.YEARS_INVALID).required(M.YEARS_INVALID).integer(M.YEARS_INVALID).min(1, M.YEARS_INVALID) });
/** list_election_cycle/{id}: an office value or a campaign id. */
export const officeOrCampaignParamsSchema = object({ id: string().required(M.OFFICE_REQUIRED).max(60, M.OFFICE_INVALID) });

export const memberListQuerySchema = pageQuerySchema(100, 50);
export const adminListQuerySchema = pageQuerySchema(100, 20);
