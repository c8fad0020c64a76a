/**
 * Test controls of the stand-in: `app.paypalStandin` for Vitest, and POST /paypal-standin/_control for
 * Playwright (`{ action: 'fail-next'|'hang-next'|'lose-next'|'pend-next'|'settle-pending'|'expire-tokens'|
 * 'hold-webhooks'|'deliver-held'|'reverse'|'refund', call?, status?, issue?, how?, hold?, capture_id?,
 * amount_cents? }` → `{ ok: true }`). The HTTP route exists only when PAYPAL_STANDIN_CONTROL=true (a test
 * switch, off by default, refused in production); the whole stand-in is never mounted in production.
 */
import type { FastifyInstance } from 'fastify';
import { STANDIN_ROUTE } from './standin-api-routes';
import { directEmitter, STANDIN_CALLS, type Standin, type StandinCall } from './standin-context';
import { issues, paypalError } from './standin-errors';
import { bodyObject } from './standin-input';
import { formatCents } from './standin-money';
import { settlePending } from './standin-orders';
import { completePendingRefund, queueRefundOutcome, refundCapture } from './standin-payments';
import { ORDER_ID_PATTERN } from './standin-records';
import type { HeldDelivery, Sleeper } from './standin-webhooks';

export interface PaypalStandinControl {
  /** The next such call answers a PayPal-shaped error (default 500 INTERNAL_SERVER_ERROR), with `issue` as its first detail. */
  failNext(call: StandinCall, status?: number, issue?: string): void;
  /** The next such call takes effect but its answer is lost ('error': a 500; 'hang': no answer). */
  loseNext(call: StandinCall, how?: 'error' | 'hang'): void;
  /** The next such call never answers (until the app closes, when it answers 503). */
  hangNext(call: StandinCall): void;
  /** While held, events queue instead of being delivered. */
  holdWebhooks(hold: boolean): void;
  /** The next capture comes back PENDING (order COMPLETED, capture PENDING, PAYMENT.CAPTURE.PENDING). */
  pendNext(): void;
  /** A PENDING capture clears (COMPLETED) or is denied (DECLINED), with its webhook. */
  settlePending(captureId: string, status: 'COMPLETED' | 'DECLINED'): Promise<void>;
  /** Forgets the faults queued and not yet met. */
  clearFaults(): void;
  /** Every access token issued so far expires: the next call with one answers 401 (a client refreshes). */
  expireTokens(): void;
  /** Delivers every queued event now (in order, or `reverse` / `twice`); resolves once delivered (or given up). */
  deliverHeld(options?: HeldDelivery): Promise<void>;
  /** Resolves when no delivery is in flight or waiting for a retry. */
  settled(): Promise<void>;
  /**
   * Tests: webhook retry waits (PayPal's schedule, up to 3 days) go through `sleeper`, a simulated
   * clock, instead of timers (null: timers again).
   */
  setRetrySleeper(sleeper: Sleeper | null): void;
  /** PayPal reverses a capture (chargeback) for all that remains: PAYMENT.CAPTURE.REVERSED. */
  reverseCapture(captureId: string): Promise<void>;
  /** A refund made in PayPal's own dashboard (default: all that remains): PAYMENT.CAPTURE.REFUNDED. */
  refundInPaypal(captureId: string, amountCents?: number): Promise<void>;
  /** The next merchant refund call answers this status instead of COMPLETED (FAILED: nothing refunded). */
  nextRefund(status: 'PENDING' | 'FAILED'): void;
  /** A PENDING refund completes: COMPLETED, and PAYMENT.CAPTURE.REFUNDED is sent. */
  completeRefund(refundId: string): Promise<void>;
}

function checkCaptureId(captureId: string): void {
  if (!ORDER_ID_PATTERN.test(captureId)) throw paypalError(404, [issues.notFound('capture_id', captureId.slice(0, 100))]);
}

export function createControl(standin: Standin): PaypalStandinControl {
  const emit = directEmitter(standin);
  return {
    failNext: (call, status, issue) => standin.faults.failNext(call, status, issue),
    loseNext: (call, how) => standin.faults.loseNext(call, how),
    hangNext: (call) => standin.faults.hangNext(call),
    pendNext: () => standin.faults.pendNext(),
    async settlePending(captureId, status) {
      checkCaptureId(captureId);
      await settlePending(standin, captureId, status, emit);
    },
    expireTokens: () => standin.faults.expireTokens(),
    clearFaults: () => standin.faults.clear(),
    holdWebhooks: (hold) => standin.delivery.hold(hold),
    deliverHeld: (options) => standin.delivery.deliverHeld(options),
    settled: () => standin.delivery.settled(),
    setRetrySleeper: (sleeper) => standin.delivery.setSleeper(sleeper),
    async reverseCapture(captureId) {
      checkCaptureId(captureId);
      await refundCapture(standin, { captureId, clientId: null, requestId: null, body: { note_to_payer: 'Payment reversed' }, reversal: true }, emit);
    },
    async refundInPaypal(captureId, amountCents) {
      checkCaptureId(captureId);
      if (amountCents !== undefined && (!Number.isSafeInteger(amountCents) || amountCents <= 0)) throw paypalError(422, [issues.badValue('/amount_cents')]);
      const body = amountCents === undefined ? {} : { amount: { currency_code: 'USD', value: formatCents(amountCents) } };
      await refundCapture(standin, { captureId, clientId: null, requestId: null, body }, emit);
    },
    nextRefund: (status) => queueRefundOutcome(standin, status),
    completeRefund: (refundId) => completePendingRefund(standin, refundId, emit),
  };
}

const ACTIONS = ['fail-next', 'hang-next', 'lose-next', 'pend-next', 'settle-pending', 'expire-tokens', 'hold-webhooks', 'deliver-held', 'reverse', 'refund'] as const;
const ISSUE_PATTERN = /^[A-Z_]{1,64}$/;

export function registerControlRoute(app: FastifyInstance, control: PaypalStandinControl): void {
  app.post('/_control', STANDIN_ROUTE, async (request) => {
    const body = bodyObject(request);
    const action = body.action;
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) throw paypalError(400, [issues.badValue('/action')]);
    const call = () => {
      if (typeof body.call !== 'string' || !(STANDIN_CALLS as readonly string[]).includes(body.call)) throw paypalError(400, [issues.badValue('/call')]);
      return body.call as StandinCall;
    };
    const captureId = () => {
      if (typeof body.capture_id !== 'string') throw paypalError(400, [issues.missing('/capture_id')]);
      return body.capture_id;
    };
    switch (action as (typeof ACTIONS)[number]) {
      case 'fail-next': {
        const status = body.status ?? 500;
        if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) throw paypalError(400, [issues.badValue('/status')]);
        const issue = body.issue;
        if (issue !== undefined && (typeof issue !== 'string' || !ISSUE_PATTERN.test(issue))) throw paypalError(400, [issues.badValue('/issue')]);
        control.failNext(call(), status, issue);
        break;
      }
      case 'hang-next':
        control.hangNext(call());
        break;
      case 'lose-next': {
        const how = body.how ?? 'error';
        if (how !== 'error' && how !== 'hang') throw paypalError(400, [issues.badValue('/how')]);
        control.loseNext(call(), how);
        break;
      }
      case 'pend-next':
        control.pendNext();
        break;
      case 'settle-pending': {
        const status = body.status;
        if (status !== 'COMPLETED' && status !== 'DECLINED') throw paypalError(400, [issues.badValue('/status')]);
        await control.settlePending(captureId(), status);
        break;
      }
      case 'expire-tokens':
        control.expireTokens();
        break;
      case 'hold-webhooks':
        if (typeof body.hold !== 'boolean') throw paypalError(400, [issues.badValue('/hold')]);
        control.holdWebhooks(body.hold);
        break;
      case 'deliver-held':
        await control.deliverHeld();
        break;
      case 'reverse':
        await control.reverseCapture(captureId());
        break;
      case 'refund': {
        const amount = body.amount_cents;
        if (amount !== undefined && typeof amount !== 'number') throw paypalError(400, [issues.badValue('/amount_cents')]);
        await control.refundInPaypal(captureId(), amount);
        break;
      }
    }
    return { ok: true };
  });
}
