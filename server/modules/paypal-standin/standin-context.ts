/** What every part of the stand-in shares: the app, its base URL, the webhook queue and the test faults. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paypalError } from './standin-errors';
import { buildEvent, WebhookDelivery, type Gate, type StandinEventType } from './standin-webhooks';

export type StandinCall = 'token' | 'create' | 'get' | 'capture' | 'refund' | 'verify';
export const STANDIN_CALLS: readonly StandinCall[] = ['token', 'create', 'get', 'capture', 'refund', 'verify'];

/** failNext / hangNext: the next such call answers an error, or never answers (until the app closes). */
export class Faults {
  private readonly failures = new Map<StandinCall, number[]>();
  private readonly hangs = new Map<StandinCall, number>();
  private readonly hanging = new Set<() => void>();
  private closed = false;

  failNext(call: StandinCall, status = 500): void {
    this.failures.set(call, [...(this.failures.get(call) ?? []), status]);
  }

  hangNext(call: StandinCall): void {
    this.hangs.set(call, (this.hangs.get(call) ?? 0) + 1);
  }

  /** Run first by every call: throws the queued failure, or waits until the app closes and then answers 503. */
  async apply(call: StandinCall): Promise<void> {
    const failures = this.failures.get(call);
    if (failures && failures.length > 0) {
      const status = failures.shift()!;
      throw paypalError(status >= 400 && status <= 599 ? status : 500);
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

  /** Releases every hanging call (they answer 503 SERVICE_UNAVAILABLE) and forgets queued faults. */
  close(): void {
    this.closed = true;
    for (const release of this.hanging) release();
    this.hanging.clear();
    this.failures.clear();
    this.hangs.clear();
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
