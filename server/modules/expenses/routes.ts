import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS } from '../../../domain/donor-book/api-contract';
import {
  addExpenseAttachmentRequestSchema,
  addExpenseRequestSchema,
  expenseAttachmentListParamsSchema,
  expenseAttachmentParamsSchema,
  expenseAttachmentPresignRequestSchema,
  expenseListQuerySchema,
  expenseParamsSchema,
  updateExpenseRequestSchema,
} from '../../../domain/validation/expenses';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { requestKeyOf } from '../../plugins/request-key';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { addAttachment, attachmentDownload, listExpenseAttachments, presignAttachment, removeAttachment } from './attachment-service';
import { addExpense, changeExpense, listCampaignExpenses, removeExpense } from './service';

/** /donation/expense/*: the campaign's expenses (SPEC §7 Expenses). Reads need expense.read, writes expense.write. */
export async function expenseRoutes(app: FastifyInstance): Promise<void> {
  const P = DONOR_BOOK_PATHS;
  app.get(P.listExpense, { config: { access: { campaign: 'expense.read', from: 'params.campaignId' } } }, async (request) => {
    const query = await validateQuery(expenseListQuerySchema, request.query);
    return success(await listCampaignExpenses(app, currentCampaign(request), query));
  });

  app.post(P.addExpense, { config: { access: { campaign: 'expense.write', from: 'body.campaign_id' } } }, async (request, reply) => {
    const body = await validateBody(addExpenseRequestSchema, request.body);
    const key = requestKeyOf(request, 'add_expense', body);
    return reply.code(201).send(success(await addExpense(app, currentCampaign(request), currentUser(request), body, key), 'EXPENSE_ADDED'));
  });

  app.post(P.updateExpense, { config: { access: { campaign: 'expense.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = await validateBody(updateExpenseRequestSchema, request.body);
    return success(await changeExpense(app, currentCampaign(request), currentUser(request), body.expense_id.toLowerCase(), body), 'EXPENSE_UPDATED');
  });

  app.delete(P.deleteExpense, { config: { access: { campaign: 'expense.write', from: 'params.campaignId' } } }, async (request) => {
    const { expenseId } = await validateParams(expenseParamsSchema, request.params);
    return success(await removeExpense(app, currentCampaign(request), currentUser(request), expenseId.toLowerCase()), 'EXPENSE_DELETED');
  });

  // Attachments (receipts): the file goes to a signed URL, then add_attachment checks and records it.
  app.post(P.expenseAttachmentPresignedUrl, { config: { access: { campaign: 'expense.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = await validateBody(expenseAttachmentPresignRequestSchema, request.body);
    return success(await presignAttachment(app, currentCampaign(request), body));
  });

  app.post(P.addExpenseAttachment, { config: { access: { campaign: 'expense.write', from: 'body.campaign_id' } } }, async (request, reply) => {
    const body = await validateBody(addExpenseAttachmentRequestSchema, request.body);
    return reply.code(201).send(success(await addAttachment(app, currentCampaign(request), currentUser(request), body)));
  });

  app.get(P.listExpenseAttachment, { config: { access: { campaign: 'expense.read', from: 'params.campaignId' } } }, async (request) => {
    const { expenseId } = await validateParams(expenseAttachmentListParamsSchema, request.params);
    return success(await listExpenseAttachments(app, currentCampaign(request), expenseId.toLowerCase()));
  });

  app.get(P.expenseAttachmentDownload, { config: { access: { campaign: 'expense.read', from: 'params.campaignId' } } }, async (request) => {
    const { attachmentId } = await validateParams(expenseAttachmentParamsSchema, request.params);
    return success(await attachmentDownload(app, currentCampaign(request), attachmentId.toLowerCase()));
  });

  app.delete(P.deleteExpenseAttachment, { config: { access: { campaign: 'expense.write', from: 'params.campaignId' } } }, async (request) => {
    const { attachmentId } = await validateParams(expenseAttachmentParamsSchema, request.params);
    return success(await removeAttachment(app, currentCampaign(request), currentUser(request), attachmentId.toLowerCase()));
  });
}
