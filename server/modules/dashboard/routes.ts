import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS } from '../../../domain/donor-book/api-contract';
import { dashboardMonthsQuerySchema } from '../../../domain/validation/expenses';
import { currentCampaign } from '../../plugins/access';
import { success } from '../../plugins/respond';
import { validateQuery } from '../../plugins/validate';
import { cycleStats, monthlyStats, totalStats } from './service';

/** /donation/dashboard/stats/*: the dashboard's figures (SPEC §7), behind dashboard.read. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const access = { config: { access: { campaign: 'dashboard.read', from: 'params.campaignId' } } } as const;

  app.get(DONOR_BOOK_PATHS.totalStats, access, async (request) => success(await totalStats(app, currentCampaign(request))));

  app.get(DONOR_BOOK_PATHS.monthlyStats, access, async (request) => {
    const { months } = await validateQuery(dashboardMonthsQuerySchema, request.query);
    return success(await monthlyStats(app, currentCampaign(request), months));
  });

  app.get(DONOR_BOOK_PATHS.cycleStats, access, async (request) => success(await cycleStats(app, currentCampaign(request))));
}
