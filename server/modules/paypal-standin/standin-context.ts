/** What every part of the stand-in shares: the app, its base URL, the webhook queue and the test faults. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paypalError, type PaypalIssue } from './standin-errors';
import { buildEvent, WebhookDelivery, type Gate, type StandinEventType } from './standin-webhooks';

export type StandinCall = 'token' | 'create' | 'get' | 'capture' | 'refund' | 'verify';
export const STANDIN_CALLS: readonly StandinCall[] = ['token', 'create', 'get', 'capture', 'refund', 'verify'];

/** The documented descriptions of the issues a test can ask for (Orders v2 capture errors). */
const ISSUE_TEXT: Record<string, string> = {
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  PAYER_ACTION_REQUIRED: 'Payer needs to perform the following action before proceeding with payment.',
  REDIRECT_PAYER_FOR_ALTERNATE_FUNDING: 'Transaction failed. Redirect the payer to PayPal to choose another funding source.',
  TRANSACTION_REFUSED: 'The request was refused.',
};

function issueOf(issue: string): PaypalIssue {
  return { issue, description: ISSUE_TEXT[issue] ?? 'The requested action could not be performed.' };
}

/** failNext / hangNext: the next such call answers an error, or never answers (until the app closes). */
export class Faults {
  private readonly failures = new Map<StandinCall, { status: number; issue?: string }[]>();
  private readonly hangs = new Map<StandinCall, number>();
  private readonly hanging = new Set<() => void>();
  private readonly losses = new Map<StandinCall, ('error' | 'hang')[]>();
  private pendings = 0;
  /** Tokens issued before this time (ms) are refused as expired (expireTokens). */
  tokensRevokedBefore = 0;
  private closed = false;

  /** The next capture comes back PENDING (an eCheck clearing); settle it later with settlePending. */
  pendNext(): void {
    this.pendings++;
  }

  /** Whether this capture is to be PENDING (consumes one pendNext). */
  takePending(): boolean {
    if (this.pendings === 0) return false;
    this.pendings--;
    return true;
  }

  /** Every token issued so far expires now: the next call with one answers 401 invalid_token. */
  expireTokens(): void {
    this.tokensRevokedBefore = Date.now();
  }

  failNext(call: StandinCall, status = 500, issue?: string): void {
    this.failures.set(call, [...(this.failures.get(call) ?? []), { status, ...(issue ? { issue } : {}) }]);
  }

  hangNext(call: StandinCall): void {
    this.hangs.set(call, (this.hangs.get(call) ?? 0) + 1);
  }

  /**
   * The next such call takes effect (the order is captured, the event queued) but its answer is lost:
   * 'error' answers 500 INTERNAL_SERVER_ERROR, 'hang' never answers (until the app closes).
   */
  loseNext(call: StandinCall, how: 'error' | 'hang' = 'error'): void {
    this.losses.set(call, [...(this.losses.get(call) ?? []), how]);
  }

  /** Run by a call once its effect is committed: loses the answer when loseNext asked for it. */
  async afterEffect(call: StandinCall): Promise<void> {
    const how = this.losses.get(call)?.shift();
    if (how === undefined) return;
    if (how === 'hang' && !this.closed) {
      await new Promise<void>((resolve) => {
        this.hanging.add(resolve);
      });
      throw paypalError(503);
    }
    throw paypalError(500);
  }

  /** Run first by every call: throws the queued failure, or waits until the app closes and then answers 503. */
  async apply(call: StandinCall): Promise<void> {
    const failures = this.failures.get(call);
    if (failures && failures.length > 0) {
      const { status, issue } = failures.shift()!;
      throw paypalError(status >= 400 && status <= 599 ? status : 500, issue ? [issueOf(issue)] : []);
    }
    const hangs = this.hangs.get(call) ?? 0;
    if (hangs > 0) {
      this.hangs.set(call, hangs - 1);
      if (!this.closed) {
        await new Promise<void>((resolve) => {
          this.hanging.add(resolve);
        });
      }
      throw paypalError(503);
    }
  }

  /** Forgets the faults queued and not yet met (failNext, hangNext, loseNext, pendNext). */
  clear(): void {
    this.failures.clear();
    this.hangs.clear();
    this.losses.clear();
    this.pendings = 0;
  }

  /** Releases every hanging call (they answer 503 SERVICE_UNAVAILABLE) and forgets queued faults. */
  close(): void {
    this.closed = true;
    for (const release of this.hanging) release();
    this.hanging.clear();
    this.failures.clear();
    this.hangs.clear();
    this.losses.clear();
    this.pendings = 0;
  }
}

export interface Standin {
  app: FastifyInstance;
  /** `${publicUrl}/paypal-standin`: the base URL a PayPal client is given. */
  base: string;
  delivery: WebhookDelivery;
  faults: Faults;
}

/** Queues a webhook event (called only once the change it reports is committed). */
export type Emit = (type: StandinEventType, order: { id: string; clientId: string }, resource: Record<string, unknown>, amountCents: number | null) => void;

/** Events caused by a control call (not by a request): delivered right away. */
export function directEmitter(standin: Standin): Emit {
  return (type, order, resource, amountCents) =>
    standin.delivery.enqueue([{ event: buildEvent(type, resource, amountCents, standin.app.clock.now()), orderId: order.id, clientId: order.clientId, gate: WebhookDelivery.OPEN }]);
}

const requestGates = new WeakMap<FastifyRequest, Gate>();

/** Events caused by `request`: delivered after its answer has been sent (see openRequestGate). */
export function requestEmitter(standin: Standin, request: FastifyRequest): Emit {
  return (type, order, resource, amountCents) => {
    let gate = requestGates.get(request);
    if (!gate) {
      gate = standin.delivery.gate();
      requestGates.set(request, gate);
    }
    standin.delivery.enqueue([{ event: buildEvent(type, resource, amountCents, standin.app.clock.now()), orderId: order.id, clientId: order.clientId, gate }]);
  };
}

/** onResponse / onRequestAbort: the events of `request` may go now. */
export function openRequestGate(request: FastifyRequest): void {
  requestGates.get(request)?.open();
  requestGates.delete(request);
}
