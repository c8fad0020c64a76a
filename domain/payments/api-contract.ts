/**
 * Online payments (SPEC §7 Payments: pay-online, admin-add-payment-gateway, configure-payment-gateway,
 * purchase-package, list-payment-gateway, all-payment-gateway/{id}, purchase-list/{id}): paths and
 * answers shared by the SPA and the server. Every answer is `{ data: … }`; errors are `{ code, message }`.
 * Money is integer cents (USD). Pure: no React, no Node.
 *
 * Donor flow (open pages, no sign-in):
 *   GET  /payment/giving-page/{slug}          → GivingPage | null (what /{slug} shows, and whether giving is open;
 *                                              null, with 200, when no campaign has that slug: a lookup, so an
 *                                              unknown path shows the 404 page without an error response)
 *   POST /payment/pay-online                   PayOnlineBody → CheckoutStarted (the order; the browser goes to approve_url,
 *                                              or, with PayPal's JS SDK buttons (sandbox, live), hands order_id to
 *                                              the buttons' createOrder and captures in their onApprove)
 *   PayPal (or the local stand-in) sends the donor back to /payment-success?payment_id=…&token={order id}
 *   or, when they cancel, to /payment-error?payment_id=…&token=…&reason=cancelled
 *   POST /payment/capture                      { payment_id, order_id } → PaymentReceipt (captures and records, once)
 *   POST /payment/cancel                       { payment_id, order_id } → PaymentStatusView
 *   GET  /payment/status/{paymentId}?order_id= → PaymentStatusView (a reload of the success or error page)
 *   GET  /payment/pledge-link?token=…          → PledgeLinkView (/pay-your-donation?token=…)
 *   POST /payment/webhook/paypal               PayPal's webhook events (signature verified with PayPal)
 * Staff:
 *   GET  /payment/list-payment-gateway          → ProviderView[] (providers the platform offers)
 *   POST /payment/admin-add-payment-gateway     { provider, name, is_active } (platform administrator)
 *   GET  /payment/all-payment-gateway/{campaignId} → GatewayView[] (the campaign's configured gateways)
 *   POST /payment/configure-payment-gateway     ConfigureGatewayBody → GatewayView
 *   POST /payment/test-payment-gateway          { campaign_id, provider } → { ok: true, message }
 *   GET  /payment/giving-settings/{campaignId} / POST /payment/giving-settings → GivingSettings (appeal, amounts)
 *   POST /payment/refund                         RefundOnlineBody → the donation row (refunded through PayPal)
 *   POST /payment/purchase-package               { campaign_id, years, idempotency_key } → CheckoutStarted
 *   GET  /payment/purchase-list/{campaignId}     → PurchaseView[] (newest first)
 *   GET  /payment/reconcile-report/{campaignId}  → ReconcileReport (online payments whose state differs from PayPal's)
 *   GET  /payment/purchase-invoice/{paymentId}?campaign_id= → the invoice PDF
 */

import type { GivingNotices } from './giving-notices';

export const PAYMENT_PATHS = {
  givingPage: '/payment/giving-page/:slug',
  payOnline: '/payment/pay-online',
  capture: '/payment/capture',
  cancel: '/payment/cancel',
  status: '/payment/status/:paymentId',
  pledgeLink: '/payment/pledge-link',
  webhook: '/payment/webhook/paypal',
  listProviders: '/payment/list-payment-gateway',
  addProvider: '/payment/admin-add-payment-gateway',
  campaignGateways: '/payment/all-payment-gateway/:campaignId',
  configureGateway: '/payment/configure-payment-gateway',
  testGateway: '/payment/test-payment-gateway',
  givingSettings: '/payment/giving-settings/:campaignId',
  saveGivingSettings: '/payment/giving-settings',
  refund: '/payment/refund',
  purchasePackage: '/payment/purchase-package',
  purchaseList: '/payment/purchase-list/:campaignId',
  purchaseInvoice: '/payment/purchase-invoice/:paymentId',
  reconcileReport: '/payment/reconcile-report/:campaignId',
} as const;

export const givingPageUrl = (slug: string) => `/payment/giving-page/${encodeURIComponent(slug)}`;
export const paymentStatusUrl = (paymentId: string, orderId: string) => `/payment/status/${encodeURIComponent(paymentId)}?order_id=${encodeURIComponent(orderId)}`;
export const campaignGatewaysUrl = (campaignId: string) => `/payment/all-payment-gateway/${encodeURIComponent(campaignId)}`;
export const givingSettingsUrl = (campaignId: string) => `/payment/giving-settings/${encodeURIComponent(campaignId)}`;
export const reconcileReportUrl = (campaignId: string) => `/payment/reconcile-report/${encodeURIComponent(campaignId)}`;
export const purchaseListUrl = (campaignId: string) => `/payment/purchase-list/${encodeURIComponent(campaignId)}`;
export const purchaseInvoiceUrl = (campaignId: string, paymentId: string) =>
  `/payment/purchase-invoice/${encodeURIComponent(paymentId)}?campaign_id=${encodeURIComponent(campaignId)}`;

/** Shown on every page the local stand-in touches (and on /{slug} while a campaign uses it). */
export const TEST_PAYMENTS_LABEL = 'Test payments: no money moves';

export const GATEWAY_MODES = ['local', 'sandbox', 'live'] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

/** Online gifts: the least and the most one payment may be (the donor's limit may be lower). */
export const ONLINE_GIFT_MIN_CENTS = 100;
export const ONLINE_GIFT_MAX_CENTS = 10_000_000;
export const DEFAULT_SUGGESTED_AMOUNTS_CENTS = [2_500, 5_000, 10_000, 25_000, 50_000] as const;
export const DEFAULT_APPEAL = 'Your gift keeps this campaign talking to voters. Every contribution counts.';

// ── the public page ──────────────────────────────────────────────────────────────────────────

/**
 * The statements a donor confirms before giving online, each required. What they cover follows the
 * rules a NYC CFB campaign's online contributions must meet: the contributor's own funds, not
 * reimbursed (contributions in another's name are prohibited), no
 * corporation, LLC or partnership money (NYC Admin. Code §3-703(1)(l)), the contributor's own card (CFB guidance
 * "Credit Card Contributions", https://www.nyccfb.info/candidate-services/guidance/), and no foreign
 * national (52 U.S.C. §30121). The wording is ours: the CFB's own form text could not be retrieved to
 * quote it, so have a campaign's counsel check it (docs/online-payments.md).
 */
export const DONOR_ATTESTATIONS = [
  { key: 'own_funds', text: 'This contribution is made from my own funds, and not those of another person or entity.' },
  { key: 'not_reimbursed', text: 'I will not be reimbursed for this contribution by anyone.' },
  { key: 'not_corporate', text: 'This contribution is not made from the funds of a corporation, a limited liability company or a partnership.' },
  { key: 'personal_card', text: 'I am making this contribution with my own personal credit card or account, not one issued to a business.' },
  { key: 'us_citizen_or_resident', text: 'I am a U.S. citizen or a lawfully admitted permanent resident.' },
] as const;
export type AttestationKey = (typeof DONOR_ATTESTATIONS)[number]['key'];

export type GivingUnavailableReason = 'NO_GATEWAY' | 'NO_PACKAGE' | 'ARCHIVED' | 'NOT_ACTIVE';

export interface GivingPage {
  campaign_id: string;
  slug: string;
  campaign_name: string;
  office: string | null;
  logo: string | null;
  /** The campaign's video (domain/campaign-video.ts publicVideoUrl: relative to the API's base URL, no sign-in needed), or null. */
  video_url?: string | null;
  appeal: string;
  suggested_amounts_cents: number[];
  min_cents: number;
  /** The most a new individual donor may give under the campaign's rules (null: no limit known). */
  limit_cents: number | null;
  attestations: { key: AttestationKey; text: string }[];
  /** The campaign asks every donor for a phone number (giving settings; default false). */
  require_phone: boolean;
  giving: GivingAvailable | { available: false; reason: GivingUnavailableReason };
  /** The legal notices shown under the form (and on the receipt): domain/payments/giving-notices.ts. */
  notices: GivingNotices;
}

/** Online giving is open: through which gateway mode, and what the donor's browser needs for it. */
export interface GivingAvailable {
  available: true;
  mode: GatewayMode;
  test_mode: boolean;
  /**
   * Modes sandbox and live: the client id of the campaign's PayPal REST app, which the browser loads
   * PayPal's JS SDK buttons with (public by design; the secret is never answered). Absent for 'local'
   * (the stand-in: the browser is sent to its approval page instead).
   */
  client_id?: string;
}

/**
 * What the donor types on /{slug} (and /pay-your-donation). `country`: ISO 3166-1 alpha-2, default US;
 * in the US `state` is a state value and `zip` a 5- or 9-digit ZIP; abroad `state` is the free
 * state/province/region and `zip` the postal code (both may be empty). `phone`: optional unless the
 * campaign requires it (GivingPage.require_phone).
 */
export interface DonorDetailsBody {
  name: string;
  email: string;
  phone?: string | null;
  address: string;
  apt_unit?: string | null;
  city: string;
  country?: string;
  state?: string | null;
  zip?: string | null;
  employer: string;
  occupation: string;
}

export interface PayOnlineBody {
  slug: string;
  amount_cents: number;
  donor: DonorDetailsBody;
  attestations: Record<AttestationKey, boolean>;
  /** A fresh uuid per press of Pay: a second press with the same key answers the same order. */
  idempotency_key: string;
  /** From /pay-your-donation: the signed link of one pledge (the payment pays that pledge). */
  pledge_token?: string | null;
}

export interface CheckoutStarted {
  payment_id: string;
  order_id: string;
  approve_url: string;
  amount_cents: number;
  test_mode: boolean;
}

/**
 * unknown: PayPal's answer to the capture was lost (no answer, a 5xx): the reconciliation re-reads the
 * order until PayPal says; pending: PayPal's capture is PENDING (money on its way, not raised yet).
 */
export const PAYMENT_STATUSES = ['created', 'approved', 'unknown', 'pending', 'completed', 'declined', 'failed', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentStatusView {
  payment_id: string;
  kind: 'donation' | 'package';
  status: PaymentStatus;
  amount_cents: number;
  refunded_cents: number;
  campaign_name: string;
  slug: string;
  receipt_number: string | null;
  /** Why it did not complete (an error code of the catalogue), when it did not. */
  failure_code: string | null;
  completed_at: string | null;
  test_mode: boolean;
}

/** /payment-success: the completed payment. */
export type PaymentReceipt = PaymentStatusView & { status: 'completed'; receipt_number: string };

export interface PledgeLinkView {
  slug: string;
  campaign_name: string;
  logo: string | null;
  donor_name: string;
  pledge_id: string;
  committed_cents: number;
  paid_cents: number;
  remaining_cents: number;
  commitment_date: string;
  giving: GivingPage['giving'];
  /**
   * What the campaign holds of the pledge's donor, to prefill the form ('' where nothing is held).
   * Only the link's own donor; the address, employer and occupation the donor pays with are recorded
   * on the donor when the payment is captured (record-payment.ts).
   */
  donor: PledgeDonorDetails;
  notices: GivingNotices;
}

export type PledgeDonorDetails = { [K in keyof Required<DonorDetailsBody>]: string };

// ── gateways ─────────────────────────────────────────────────────────────────────────────────

export interface ProviderView {
  provider: string;
  name: string;
  is_active: boolean;
}

export interface GatewayView {
  provider: string;
  mode: GatewayMode;
  client_id: string;
  /** Last 4 characters of the secret; the secret itself is never answered. */
  secret_last4: string;
  webhook_id: string | null;
  /** What to paste into PayPal's developer dashboard as the webhook URL. */
  webhook_url: string;
  verified_at: string | null;
  updated_at: string;
}

export interface ConfigureGatewayBody {
  campaign_id: string;
  provider: 'paypal';
  mode: GatewayMode;
  client_id: string;
  /** Required the first time; left out to keep the stored one. */
  client_secret?: string | null;
  webhook_id?: string | null;
}

export interface GivingSettings {
  campaign_id: string;
  appeal: string;
  suggested_amounts_cents: number[];
  /** Donors must give a phone number on the giving page (default false). */
  require_phone: boolean;
  /** What the page and the receipt show: each stored notice, or its default. */
  notices: GivingNotices;
  /** The defaults, from the campaign's name, committee and rules (a notice saved equal to its default follows it). */
  default_notices: GivingNotices;
}

/** POST /payment/giving-settings; `notices` or `require_phone` left out keep the stored ones. */
export interface SaveGivingSettingsBody {
  campaign_id: string;
  appeal: string;
  suggested_amounts_cents: number[];
  require_phone?: boolean;
  notices?: GivingNotices;
}

export interface RefundOnlineBody {
  campaign_id: string;
  donation_id: string;
  /** Default: all that is not refunded yet. */
  amount_cents?: number | null;
  reason: string;
}

// ── packages ─────────────────────────────────────────────────────────────────────────────────

export interface PurchasePackageBody {
  campaign_id: string;
  years: number;
  idempotency_key: string;
}

export interface PurchaseView {
  /** The payment's id; for a grant, the package row's id. */
  payment_id: string;
  /** 'purchase' (bought online) or 'grant' (given by a platform administrator, nothing paid). */
  source: 'purchase' | 'grant';
  /** When it was bought (completed) or started, or granted. */
  date: string;
  years: number;
  amount_cents: number;
  status: PaymentStatus;
  receipt_number: string | null;
  has_invoice: boolean;
  /** The service period this package added (YYYY-MM-DD, inclusive); null until it is active. */
  period_from: string | null;
  period_to: string | null;
}

/** Why an online payment's state differs from PayPal's (the reconcile report). */
export const RECONCILE_DIFFERENCES = [
  /** PayPal captured (or holds a capture) that our books do not record as such. */
  'CAPTURED_NOT_RECORDED',
  /** Our books record money PayPal does not show as captured. */
  'RECORDED_NOT_CAPTURED',
  /** PayPal's capture is PENDING but ours is not, or the other way round. */
  'PENDING_DIFFERS',
  /** PayPal declined the capture but ours is not declined. */
  'DECLINED_DIFFERS',
  /** Our capture id or amount is not PayPal's. */
  'CAPTURE_DIFFERS',
  /** We do not know the capture's outcome yet (the reconciliation job asks PayPal every minute). */
  'OUTCOME_UNKNOWN',
  /** PayPal could not be asked now. */
  'PAYPAL_UNREACHABLE',
  /** PayPal completed a refund that our books do not record (ours is pending, unanswered or failed). */
  'REFUND_NOT_BOOKED',
  /** Our books record a refund that PayPal does not show as completed. */
  'REFUND_BOOKED_NOT_COMPLETED',
  /** PayPal's refund is PENDING, FAILED or CANCELLED and ours says otherwise (not a booking yet). */
  'REFUND_STATUS_DIFFERS',
  /** We asked PayPal for a refund and its answer never came: press Refund again for the same amount. */
  'REFUND_OUTCOME_UNKNOWN',
  /**
   * What PayPal says is refunded of the capture (COMPLETED, PARTIALLY_REFUNDED, REFUNDED) is not what
   * our books record: e.g. a refund made in PayPal's own dashboard whose webhook has not arrived.
   */
  'REFUNDED_AMOUNT_DIFFERS',
] as const;
export type ReconcileDifference = (typeof RECONCILE_DIFFERENCES)[number];

/** The refund a reconcile row is about: what our books and PayPal each say of it. */
export interface ReconcileRefund {
  /** PayPal's refund id (null: PayPal never answered the refund call). */
  refund_id: string | null;
  amount_cents: number;
  requested_at: string;
  /** Ours: requested (no answer), pending, completed (booked), failed. */
  status: 'requested' | 'pending' | 'completed' | 'failed';
  /** PayPal's: COMPLETED, PENDING, FAILED, CANCELLED; NOT_FOUND when PayPal has no such refund; null when not asked. */
  paypal_status: string | null;
}

export interface ReconcileRow {
  payment_id: string;
  kind: 'donation' | 'package';
  created_at: string;
  amount_cents: number;
  status: PaymentStatus;
  /** What our books record as refunded of the payment. */
  refunded_cents: number;
  order_id: string;
  /** PayPal's order status and its capture's status ('—' when it could not be read). */
  paypal_order_status: string;
  paypal_capture_status: string | null;
  difference: ReconcileDifference;
  /** The donor and the donation of a gift (null for a package, or before the gift is recorded). */
  donor_id: string | null;
  donor_name: string | null;
  donation_id: string | null;
  /** The refund the row is about (REFUND_* differences), else null. */
  refund: ReconcileRefund | null;
}

export interface ReconcileReport {
  /** Online payments compared (the newest, at most `limit`). */
  checked: number;
  limit: number;
  rows: ReconcileRow[];
}

/** The error codes of this API (their texts are in domain/error-codes.ts). */
export const PAYMENT_ERROR_CODES = [
  'GIVING_UNAVAILABLE',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_DECLINED',
  'PAYMENT_CANCELLED',
  'PAYMENT_NOT_APPROVED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_OUTCOME_UNKNOWN',
  'PAYMENT_PENDING',
  'PAYMENT_CHOOSE_ANOTHER_SOURCE',
  'PLEDGE_ALREADY_PAID',
  'PAYMENT_ATTESTATION_REQUIRED',
  'PAYMENT_AMOUNT_INVALID',
  'PAYMENT_LINK_INVALID',
  'GATEWAY_NOT_CONFIGURED',
  'GATEWAY_CREDENTIALS_REJECTED',
  'GATEWAY_MODE_NOT_ALLOWED',
  'PROVIDER_NOT_FOUND',
  'REFUND_NOT_ONLINE',
  'REFUND_FAILED',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_EVENT_WAITING',
] as const;
