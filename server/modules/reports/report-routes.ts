/**
 * Report routes (SPEC §7 start_report, get_report/{id}, report_list/{a}/{b}; domain/reports/api-contract.ts):
 * the on-screen data needs report.read, files report.download, in the campaign the request names.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPORT_PATHS as P, type ReportFormat, type ReportType } from '../../../domain/reports/api-contract';
import {
  getReportParamsSchema,
  getReportQuerySchema,
  reportDataQuerySchema,
  reportFilterOf,
  reportFilterSchema,
  reportListParamsSchema,
  reportListQuerySchema,
  reportSortOf,
  reportTypeField,
  startReportRequestSchema,
} from '../../../domain/reports/requests';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { sendSuccess, success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { object } from 'yup';
import { campaignIdField } from '../../../domain/validation/fields';
import { reportPage } from './report-data-service';
import { filingRoutes } from './filing-routes';
import { registerReportJob } from './report-job';
import { listReportHistory, reportDownload, startReport } from './report-service';

const read = { config: { access: { campaign: 'report.read', from: 'params.campaignId' } } } as const;
const download = { config: { access: { campaign: 'report.download', from: 'body.campaign_id', allowArchived: true } } } as const;
const fetchFile = { config: { access: { campaign: 'report.download', from: 'query.campaign_id' } } } as const;

const dataParamsSchema = object({ campaignId: campaignIdField, type: reportTypeField });

function sortOrFail(type: ReportType, sort: unknown): string {
  const checked = reportSortOf(type, sort);
  if (checked === null) throw fail(400, 'REPORT_SORT_INVALID');
  return checked;
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  await registerReportJob(app);

  app.get(P.data, read, async (request, reply) => {
    const params = await validateParams(dataParamsSchema, request.params);
    const query = await validateQuery(reportDataQuerySchema, request.query);
    const type = params.type as ReportType;
    const sort = sortOrFail(type, query.sort);
    return sendSuccess(reply, await reportPage(app, currentCampaign(request).id, type, reportFilterOf(type, query), sort, query.page, query.limit));
  });

  const start = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = await validateBody(startReportRequestSchema, request.body);
    const type = body.type as ReportType;
    // Empty values are stripped (SPEC §5) before the filter is checked.
    const given = Object.fromEntries(Object.entries((body.filter ?? {}) as Record<string, unknown>).filter(([, v]) => v !== '' && v !== null && v !== undefined));
    const filter = reportFilterOf(type, await validateBody(reportFilterSchema, given));
    const entry = await startReport(app, currentCampaign(request), currentUser(request), { type, format: body.format as ReportFormat, filter, sort: sortOrFail(type, body.sort) });
    return reply.code(201).send(success(entry));
  };
  // SPEC §7 names it with a trailing slash; clients that leave it off reach it too.
  app.post(P.start, download, start);
  app.post(P.start.replace(/\/$/, ''), download, start);

  app.get(P.list, read, async (request, reply) => {
    const params = await validateParams(reportListParamsSchema, request.params);
    const query = await validateQuery(reportListQuerySchema, request.query);
    return sendSuccess(reply, await listReportHistory(app, currentCampaign(request), { ...query, type: params.type }));
  });

  app.get(P.get, fetchFile, async (request) => {
    const { reportId } = await validateParams(getReportParamsSchema, request.params);
    await validateQuery(getReportQuerySchema, request.query);
    return success(await reportDownload(app, currentCampaign(request), reportId.toLowerCase()));
  });

  await filingRoutes(app);
}
