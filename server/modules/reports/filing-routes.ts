/**
 * Filing routes (domain/filings/api-contract.ts): the periods and the pre-filing check need report.read,
 * starting the files report.download, in the campaign the request names, like the other report routes.
 * The files are then listed and fetched through report_list/{c}/filing and get_report/{id}.
 */
import type { FastifyInstance } from 'fastify';
import type { Regulator } from '../../../domain/compliance/filing-periods';
import { FILING_PATHS as P } from '../../../domain/filings/api-contract';
import type { ReportFormat } from '../../../domain/reports/api-contract';
import { filingCampaignParamsSchema, filingCheckQuerySchema, filingPeriodsQuerySchema, startFilingRequestSchema } from '../../../domain/filings/requests';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { sendSuccess, success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { filingCheckData, filingPeriodsData, startFiling } from './filing-service';

const read = { config: { access: { campaign: 'report.read', from: 'params.campaignId' } } } as const;
const download = { config: { access: { campaign: 'report.download', from: 'body.campaign_id', allowArchived: true } } } as const;

export async function filingRoutes(app: FastifyInstance): Promise<void> {
  app.get(P.periods, read, async (request, reply) => {
    await validateParams(filingCampaignParamsSchema, request.params);
    const query = await validateQuery(filingPeriodsQuerySchema, request.query);
    return sendSuccess(reply, await filingPeriodsData(app, currentCampaign(request).id, query.regulator as Regulator | undefined));
  });

  app.get(P.check, read, async (request, reply) => {
    await validateParams(filingCampaignParamsSchema, request.params);
    const query = await validateQuery(filingCheckQuerySchema, request.query);
    return sendSuccess(reply, await filingCheckData(app, currentCampaign(request).id, { regulator: query.regulator as Regulator, period_id: query.period_id }));
  });

  app.post(P.start, download, async (request, reply) => {
    const body = await validateBody(startFilingRequestSchema, request.body);
    const entries = await startFiling(app, currentCampaign(request), currentUser(request), { regulator: body.regulator as Regulator, period_id: body.period_id }, body.format as ReportFormat | undefined);
    return reply.code(201).send(success({ entries }));
  });
}
