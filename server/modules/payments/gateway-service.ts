/**
 * Gateways: the providers the platform offers (admin-add-payment-gateway, list-payment-gateway), each
 * campaign's own PayPal account (configure-payment-gateway, all-payment-gateway/{id}, with "Test
 * connection") and its giving page settings. Secrets are sealed (secret-box.ts) and never answered.
 */
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_APPEAL,
  DEFAULT_SUGGESTED_AMOUNTS_CENTS,
  type ConfigureGatewayBody,
  type GatewayMode,
  type GatewayView,
  type GivingSettings,
  type ProviderView,
  type SaveGivingSettingsBody,
} from '../../../domain/payments/api-contract';
import { noticesToStore, type GivingNotices } from '../../../domain/payments/giving-notices';
import { campaignNotFound, type CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { insertAudit } from '../campaign/audit-repository';
import { findCampaignById } from '../campaign/repository';
import {
  findGateway,
  findGivingPage,
  findProvider,
  listGateways,
  listProviders,
  markGatewayVerified,
  upsertGateway,
  upsertGivingPage,
  upsertProvider,
  type GatewayRecord,
  type GivingPageRecord,
  type ProviderRecord,
} from './gateway-repository';
import { campaignNotices, type CampaignNotices } from './giving-notices';
import { PaypalError, PaypalUnavailable, type PaypalClient } from './paypal-client';
import { gatewayAccount, localModeAllowed, paypalClientFor, standinWebhookIdOf } from './paypal-gateway';
import { lastFour, secretBox } from './secret-box';

export function webhookUrl(app: FastifyInstance): string {
  return `${app.config.publicUrl}/payment/webhook/paypal`;
}

function providerView(row: ProviderRecord): ProviderView {
  return { provider: row.provider, name: row.name, is_active: row.isActive };
}

function gatewayView(app: FastifyInstance, row: GatewayRecord): GatewayView {
  return {
    provider: row.provider,
    mode: row.mode as GatewayMode,
    client_id: row.clientId,
    secret_last4: row.secretLast4,
    webhook_id: row.webhookId,
    webhook_url: webhookUrl(app),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function providers(app: FastifyInstance): Promise<ProviderView[]> {
  return (await listProviders(app.db)).map(providerView);
}

export async function addProvider(app: FastifyInstance, admin: AuthUser, body: { provider: string; name: string; is_active: boolean }): Promise<ProviderView> {
  const row = await upsertProvider(app.db, { provider: body.provider, name: body.name.trim(), isActive: body.is_active }, app.clock.now());
  app.log.info({ adminId: admin.id, provider: row.provider, active: row.isActive }, 'payment provider saved');
  return providerView(row);
}

export async function campaignGateways(app: FastifyInstance, ctx: CampaignContext): Promise<GatewayView[]> {
  return (await listGateways(app.db, ctx.id)).map((row) => gatewayView(app, row));
}

/** Checks credentials by asking the provider for a token: 422 GATEWAY_CREDENTIALS_REJECTED when refused. */
async function checkCredentials(client: PaypalClient): Promise<void> {
  try {
    await client.token();
  } catch (error) {
    if (error instanceof PaypalError) throw fail(422, 'GATEWAY_CREDENTIALS_REJECTED');
    if (error instanceof PaypalUnavailable) throw fail(502, 'PAYMENT_PROVIDER_UNAVAILABLE');
    throw error;
  }
}

export async function configureGateway(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: ConfigureGatewayBody): Promise<GatewayView> {
  const provider = await findProvider(app.db, body.provider);
  if (!provider || !provider.isActive) throw fail(404, 'PROVIDER_NOT_FOUND');
  if (body.mode === 'local' && !localModeAllowed(app)) throw fail(409, 'GATEWAY_MODE_NOT_ALLOWED');
  const current = await findGateway(app.db, ctx.id, body.provider);
  const box = secretBox(app.config.paymentSecretKey);
  const given = body.client_secret?.trim() || null;
  const secret = given ?? (current && current.clientId === body.client_id.trim() && current.mode === body.mode ? box.open(current.secretCiphertext) : null);
  if (!secret) throw fail(400, 'VALIDATION_ERROR', { in: 'body', fields: { client_secret: 'Client secret is required' } });
  const clientId = body.client_id.trim();
  await checkCredentials(paypalClientFor(app, body.mode, clientId, secret));
  const now = app.clock.now();
  const webhookId = body.mode === 'local' ? standinWebhookIdOf(clientId) : body.webhook_id?.trim() || null;
  const row = await upsertGateway(app.db, ctx.id, { mode: body.mode, clientId, secretCiphertext: box.seal(secret), secretLast4: lastFour(secret), webhookId, configuredBy: auth.id }, now);
  await markGatewayVerified(app.db, row.id, now);
  await insertAudit(app.db, { campaignId: ctx.id, actorId: auth.id, action: 'gateway.configured', details: { provider: body.provider, mode: body.mode, client_id: clientId } }, now);
  return gatewayView(app, { ...row, verifiedAt: now });
}

export async function testGateway(app: FastifyInstance, ctx: CampaignContext): Promise<{ ok: true; message: string }> {
  const gateway = await findGateway(app.db, ctx.id);
  if (!gateway) throw fail(404, 'GATEWAY_NOT_CONFIGURED');
  await checkCredentials(gatewayAccount(app, gateway).client);
  await markGatewayVerified(app.db, gateway.id, app.clock.now());
  return { ok: true, message: gateway.mode === 'local' ? 'Connected to the local test gateway (no money moves)' : `Connected to PayPal (${gateway.mode})` };
}

async function noticesOf(app: FastifyInstance, ctx: CampaignContext, row: GivingPageRecord | null): Promise<CampaignNotices> {
  const campaign = await findCampaignById(app.db, ctx.id);
  if (!campaign) throw campaignNotFound();
  return campaignNotices(app.db, campaign, row);
}

function settingsView(ctx: CampaignContext, row: GivingPageRecord | null, { notices, defaults }: CampaignNotices): GivingSettings {
  return {
    campaign_id: ctx.id,
    appeal: row?.appeal ?? DEFAULT_APPEAL,
    suggested_amounts_cents: row?.suggestedAmountsCents ?? [...DEFAULT_SUGGESTED_AMOUNTS_CENTS],
    require_phone: row?.requirePhone ?? false,
    notices,
    default_notices: defaults,
  };
}

export async function givingSettings(app: FastifyInstance, ctx: CampaignContext): Promise<GivingSettings> {
  const row = await findGivingPage(app.db, ctx.id);
  return settingsView(ctx, row, await noticesOf(app, ctx, row));
}

/** The notices as typed, tidied: trimmed, an empty privacy link none. */
function tidyNotices(notices: GivingNotices): GivingNotices {
  return {
    paid_for_by: notices.paid_for_by.trim(),
    tax_notice: notices.tax_notice.trim(),
    privacy_url: notices.privacy_url?.trim() || null,
    rules_notice: notices.rules_notice.trim(),
  };
}

export async function saveGivingSettings(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: SaveGivingSettingsBody): Promise<GivingSettings> {
  const amounts = [...new Set(body.suggested_amounts_cents)].sort((a, b) => a - b);
  const now = app.clock.now();
  let stored = {};
  if (body.notices) {
    // A notice saved as its default is stored as none: it then follows the campaign's name, committee and rules.
    const { defaults } = await noticesOf(app, ctx, null);
    const keep = noticesToStore(tidyNotices(body.notices), defaults);
    stored = { paidForBy: keep.paid_for_by, taxNotice: keep.tax_notice, privacyUrl: keep.privacy_url, rulesNotice: keep.rules_notice };
  }
  // require_phone left out keeps the stored choice (undefined is not written).
  const row = await upsertGivingPage(app.db, ctx.id, { appeal: body.appeal.trim(), suggestedAmountsCents: amounts, requirePhone: body.require_phone, ...stored }, now);
  const notices = await noticesOf(app, ctx, row);
  if (body.notices) await insertAudit(app.db, { campaignId: ctx.id, actorId: auth.id, action: 'giving_page.notices_saved', details: { notices: notices.notices } }, now);
  return settingsView(ctx, row, notices);
}
