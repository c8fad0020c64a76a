/**
 * /payment/* (SPEC §7 Payments; domain/payments/api-contract.ts). The donor's routes are public (the
 * donor is not a user) and find their campaign from the slug, the signed pledge link or the payment
 * row, never from the request's say-so; staff routes declare their campaign permission.
 */
import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import { PAYMENT_PATHS as P, type PayOnlineBody, type PurchasePackageBody, type RefundOnlineBody, type ConfigureGatewayBody, type SaveGivingSettingsBody } from '../../../domain/payments/api-contract';
import {
  addProviderRequestSchema,
  captureRequestSchema,
  configureGatewayRequestSchema,
  givingSettingsRequestSchema,
  orderIdField,
  paymentIdField,
  payOnlineRequestSchema,
  purchasePackageRequestSchema,
  refundOnlineRequestSchema,
  testGatewayRequestSchema,
} from '../../../domain/payments/requests';
import { campaignIdField } from '../../../domain/validation/fields';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { requestKeyOf } from '../../plugins/request-key';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { cancelFromBrowser, captureFromBrowser, paymentOfBrowser, paymentStatusView } from './capture-service';
import { addProvider, campaignGateways, configureGateway, givingSettings, providers, saveGivingSettings, testGateway } from './gateway-service';
import { givingPage, payOnline } from './giving-service';
import { purchaseInvoice } from './package-invoice';
import { purchaseList, purchasePackage } from './package-purchase-service';
import { pledgeLinkView } from './pledge-link';
import { registerReconcileJob } from './reconcile-job';
import { reconcileReport } from './reconcile-report';
import { refundOnline } from './refund-service';
import { registerWebhookRoute } from './webhook-route';

const open = { config: { access: 'public' } } as const;
const slugParams = object({ slug: string().required('Campaign not found').max(100, 'Campaign not found') });
const statusParams = object({ paymentId: paymentIdField });
const statusQuery = object({ order_id: orderIdField });
const pledgeQuery = object({ token: string().typeError('This payment link is not valid').required('This payment link is not valid').max(2000, 'This payment link is not valid') });
const campaignParams = object({ campaignId: campaignIdField });
const invoiceQuery = object({ campaign_id: campaignIdField });

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  await registerReconcileJob(app);

  // ── the donor's pages (no sign-in) ──
  app.get(P.givingPage, open, async (request) => {
    const { slug } = await validateParams(slugParams, request.params);
    return success(await givingPage(app, slug));
  });
  app.post(P.payOnline, open, async (request, reply) => {
    const body = (await validateBody(payOnlineRequestSchema, request.body)) as PayOnlineBody;
    return reply.code(201).send(success(await payOnline(app, body, linkOrigin(request))));
  });
  app.post(P.capture, open, async (request, reply) => {
    const body = await validateBody(captureRequestSchema, request.body);
    const answer = await captureFromBrowser(app, body.payment_id.toLowerCase(), body.order_id);
    return reply.code(answer.status).send(success(answer.view));
  });
  app.post(P.cancel, open, async (request) => {
    const body = await validateBody(captureRequestSchema, request.body);
    return success(await cancelFromBrowser(app, body.payment_id.toLowerCase(), body.order_id));
  });
  app.get(P.status, open, async (request) => {
    const { paymentId } = await validateParams(statusParams, request.params);
    const { order_id } = await validateQuery(statusQuery, request.query);
    return success(await paymentStatusView(app, await paymentOfBrowser(app, paymentId.toLowerCase(), order_id)));
  });
  app.get(P.pledgeLink, open, async (request) => {
    const { token } = await validateQuery(pledgeQuery, request.query);
    return success(await pledgeLinkView(app, token));
  });
  await registerWebhookRoute(app);

  // ── gateways ──
  app.get(P.listProviders, { config: { access: 'signed-in' } }, async () => success(await providers(app)));
  app.post(P.addProvider, { config: { access: 'platform-admin' } }, async (request) => {
    const body = await validateBody(addProviderRequestSchema, request.body);
    return success(await addProvider(app, currentUser(request), body));
  });
  app.get(P.campaignGateways, { config: { access: { campaign: 'payment_gateway.read', from: 'params.campaignId' } } }, async (request) => {
    await validateParams(campaignParams, request.params);
    return success(await campaignGateways(app, currentCampaign(request)));
  });
  app.post(P.configureGateway, { config: { access: { campaign: 'payment_gateway.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = (await validateBody(configureGatewayRequestSchema, request.body)) as ConfigureGatewayBody;
    return success(await configureGateway(app, currentCampaign(request), currentUser(request), body));
  });
  app.post(P.testGateway, { config: { access: { campaign: 'payment_gateway.write', from: 'body.campaign_id', allowArchived: true } } }, async (request) => {
    await validateBody(testGatewayRequestSchema, request.body);
    return success(await testGateway(app, currentCampaign(request)));
  });
  app.get(P.givingSettings, { config: { access: { campaign: 'payment_gateway.read', from: 'params.campaignId' } } }, async (request) => {
    await validateParams(campaignParams, request.params);
    return success(await givingSettings(app, currentCampaign(request)));
  });
  app.post(P.saveGivingSettings, { config: { access: { campaign: 'payment_gateway.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = (await validateBody(givingSettingsRequestSchema, request.body)) as SaveGivingSettingsBody;
    return success(await saveGivingSettings(app, currentCampaign(request), currentUser(request), body));
  });

  // ── refunds and packages ──
  app.post(P.refund, { config: { access: { campaign: 'donation.write', from: 'body.campaign_id' } } }, async (request) => {
    const body = (await validateBody(refundOnlineRequestSchema, request.body)) as RefundOnlineBody;
    const refunded = await refundOnline(app, currentCampaign(request), currentUser(request), body, requestKeyOf(request, 'refund_online', body));
    return success(refunded, refunded.online_refund.status === 'pending' ? 'REFUND_PENDING' : undefined);
  });
  app.post(P.purchasePackage, { config: { access: { campaign: 'package.purchase', from: 'body.campaign_id', allowArchived: false } } }, async (request, reply) => {
    const body = (await validateBody(purchasePackageRequestSchema, request.body)) as PurchasePackageBody;
    return reply.code(201).send(success(await purchasePackage(app, currentCampaign(request), currentUser(request), body, linkOrigin(request))));
  });
  app.get(P.purchaseList, { config: { access: { campaign: 'package.read', from: 'params.campaignId' } } }, async (request) => {
    await validateParams(campaignParams, request.params);
    return success(await purchaseList(app, currentCampaign(request)));
  });
  app.get(P.reconcileReport, { config: { access: { campaign: 'payment_gateway.write', from: 'params.campaignId', allowArchived: true } } }, async (request) => {
    await validateParams(campaignParams, request.params);
    return success(await reconcileReport(app, currentCampaign(request)));
  });
  app.get(P.purchaseInvoice, { config: { access: { campaign: 'package.read', from: 'query.campaign_id' } } }, async (request, reply) => {
    const { paymentId } = await validateParams(statusParams, request.params);
    await validateQuery(invoiceQuery, request.query);
    const invoice = await purchaseInvoice(app, currentCampaign(request), paymentId.toLowerCase());
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${invoice.fileName}"`)
      .send(invoice.pdf);
  });
}
