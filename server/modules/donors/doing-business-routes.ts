import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS as P } from '../../../domain/donor-book/api-contract';
import { doingBusinessApplyRequestSchema, doingBusinessReviewRequestSchema } from '../../../domain/validation/donors';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody } from '../../plugins/validate';
import { applyDoingBusiness, reviewDoingBusiness } from './doing-business-service';

/** An extract of the Doing Business Database is larger than the usual 1 MB body (the schema caps its text). */
const EXTRACT_BODY_LIMIT = 16 * 1024 * 1024;
const writeBody = { config: { access: { campaign: 'donor.write', from: 'body.campaign_id' } } } as const;

/** Doing business with the City: review an extract (nothing written), then mark the donors chosen. */
export async function doingBusinessRoutes(app: FastifyInstance): Promise<void> {
  app.post(P.reviewDoingBusiness, { ...writeBody, bodyLimit: EXTRACT_BODY_LIMIT }, async (request) => {
    const body = await validateBody(doingBusinessReviewRequestSchema, request.body);
    return success(await reviewDoingBusiness(app, currentCampaign(request), body.file_text));
  });

  app.post(P.applyDoingBusiness, writeBody, async (request) => {
    const body = await validateBody(doingBusinessApplyRequestSchema, request.body);
    return success(await applyDoingBusiness(app, currentCampaign(request), currentUser(request), body.donor_ids));
  });
}
