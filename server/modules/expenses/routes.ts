import type { FastifyInstance } from 'fastify';
import { DONOR_BOOK_PATHS } from '../../../domain/donor-book/api-contract';
import { addExpenseRequestSchema, expenseListQuerySchema, expenseParamsSchema, updateExpenseRequestSchema } from '../../../domain/validation/expenses';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { addExpense, changeExpense, listCampaignExpenses, removeExpense } from './service';

/** /donation/expense/*: the campaign's expenses (SPEC §7 Expenses). Reads need expense.read, writes expense.write. */
export async function expenseRoutes(app: FastifyInstance): Promise<void> {
  app.get(DONOR_BOOK_PATHS.listExpense, { config: { access: { campaign: 'expense.read', from: 'params.campaignId' } } }, async (request) => {
    const query = await validateQuery(expenseListQuerySchema, request.query);
    return success(await listCampaignExpenses(app, currentCampaign(request), query));
  });

  app.post(DONOR_BOOK_PATHS.addExpense, { config: { access: { campaign: 'expense.write', from: 'body.campaign_id' } } }, async (request, reply) => {
    const body = await validateBody(addExpenseRequestSchema, request.body);
    return reply.code(201).send(success(await addExpense(app, currentCampaign(request), currentUser(request), body), 'EXPENSE_ADDED'));
  });

  app.post(DONOR_BOOK_PATHS.updateExpense, { config: { access: { campaign: 'expense.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = await validateBody(updateExpenseRequestSchema, request.body);
    return success(await changeExpense(app, currentCampaign(request), currentUser(request), body.expense_id.toLowerCase(), body), 'EXPENSE_UPDATED');
  });

  app.delete(DONOR_BOOK_PATHS.deleteExpense, { config: { access: { campaign: 'expense.write', from: 'params.campaignId' } } }, async (request) => {
    const { expenseId } = await validateParams(expenseParamsSchema, request.params);
    return success(await removeExpense(app, currentCampaign(request), currentUser(request), expenseId.toLowerCase()), 'EXPENSE_DELETED');
  });
}
