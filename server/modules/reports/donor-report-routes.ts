import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS as P } from '../../../domain/donor-book/api-contract';
import { donorHistoryListQuerySchema, donorLimitListQuerySchema, donorMatchListQuerySchema } from '../../../domain/validation/donors';
import { currentCampaign } from '../../plugins/access';
import { success } from '../../plugins/respond';
import { validateQuery } from '../../plugins/validate';
import { listDonorHistoryReport, listDonorLimitReport, listDonorMatchReport } from './donor-report-service';

const read = { config: { access: { campaign: 'donor.read', from: 'params.campaignId' } } } as const;

/** The data of the donor limit, donor history and match reports. */
export async function donorReportRoutes(app: FastifyInstance): Promise<void> {
  app.get(P.listDonorLimit, read, async (request) => {
    const query = await validateQuery(donorLimitListQuerySchema, request.query);
    return success(await listDonorLimitReport(app, currentCampaign(request), query));
  });

  app.get(P.listDonorHistory, read, async (request) => {
    const query = await validateQuery(donorHistoryListQuerySchema, request.query);
    return success(await listDonorHistoryReport(app, currentCampaign(request), query));
  });

  app.get(P.listDonorMatch, read, async (request) => {
    const query = await validateQuery(donorMatchListQuerySchema, request.query);
    return success(await listDonorMatchReport(app, currentCampaign(request), query));
  });
}
