/**
 * GET /donation/import_template/{campaignId}/{type}/{format}: the donor or payment template as CSV or
 * XLSX (SPEC §3's columns, one example row; the XLSX has dropdowns and an Instructions sheet with the
 * campaign's limit). Anyone who may upload in bulk (upload.write) may download it.
 */
import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import { isoDay } from '../../../domain/dates';
import { campaignIdField } from '../../../domain/validation/fields';
import { formatCents } from '../../../domain/money';
import { IMPORT_TEMPLATE_PATH, IMPORT_TYPES, TEMPLATE_FORMATS, templateCsv, templateFileName, type ImportType, type TemplateFormat } from '../../../domain/imports/templates';
import { currentCampaign } from '../../plugins/access';
import { validateParams } from '../../plugins/validate';
import { attachmentDisposition } from '../storage/private-storage';
import { readBookCampaign } from '../book/book-reads';
import type { BookCampaign } from '../book/book-campaign';
import { limitForType } from '../reports/donor-report-service';
import { templateWorkbook } from './template-workbook';

const paramsSchema = object({
  campaignId: campaignIdField,
  type: string().required().oneOf(IMPORT_TYPES, 'Template type must be donor or payment'),
  format: string().required().oneOf(TEMPLATE_FORMATS, 'Template format must be csv or xlsx'),
});

/** The limit of an individual donor with default fields, in words, for the Instructions sheet. */
function limitText(campaign: BookCampaign): string {
  const { limit_cents } = limitForType(campaign, 'individual', 'un');
  const cycle = campaign.cycle ? ` for the ${campaign.cycle.value} election cycle` : '';
  return limit_cents === null ? `No limit is set for individuals${cycle}.` : `${formatCents(limit_cents)} per individual contributor${cycle} (organisations may differ).`;
}

export async function importTemplateRoutes(app: FastifyInstance): Promise<void> {
  app.get(IMPORT_TEMPLATE_PATH, { config: { access: { campaign: 'upload.write', from: 'params.campaignId' } } }, async (request, reply) => {
    const params = await validateParams(paramsSchema, request.params);
    const type = params.type as ImportType;
    const format = params.format as TemplateFormat;
    reply.header('content-disposition', attachmentDisposition(templateFileName(type, format))).header('cache-control', 'private, no-store');
    const campaign = await readBookCampaign(app, currentCampaign(request).id);
    const example = { today: isoDay(app.clock.now()), cycle: campaign.cycle };
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(templateCsv(type, example));
    const body = await templateWorkbook(type, { campaignName: campaign.campaignName, limitText: limitText(campaign), example });
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(body);
  });
}
