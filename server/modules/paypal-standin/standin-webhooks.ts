/**
 * Webhook events of the stand-in and their delivery to the product's webhook route, in-process
 * (`app.inject`), with PayPal's headers and a signature the stand-in's verify call accepts.
 *
 * - Events of one order are delivered in order; a non-2xx answer (or a throw) is retried on
 *   PayPal's schedule (PAYPAL_RETRY_WAITS_MS: 25 retries over about 3 days), then given up and logged.
 *   The waits go through an injectable sleeper and are scaled (`timeScale`), so tests run the whole
 *   3 days in milliseconds or on a simulated clock (`setSleeper`).
 * - An event waits for its `gate` (the answer of the call that caused it) before its first try.
 * - While held (`hold(true)`), events queue; `deliverHeld()` sends them.
 * - `close()` clears every timer and waits for a try in flight: nothing outlives `app.close()`.
 * The queue is in memory: events not yet delivered when the server stops are lost (PayPal would
 * retry them for days; the product's reconciliation covers that case).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatCents } from './standin-money';
import { eventId } from './standin-records';
import { AUTH_ALGO, certUrl, signTransmission, standinWebhookId } from './standin-signature';

export type StandinEventType =
  | 'CHECKOUT.ORDER.APPROVED'
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.PENDING'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED'
  | 'PAYMENT.CAPTURE.REVERSED';

const RESOURCE_TYPES: Record<StandinEventType, string> = {
  'CHECKOUT.ORDER.APPROVED': 'checkout-order',
  'PAYMENT.CAPTURE.COMPLETED': 'capture',
  'PAYMENT.CAPTURE.PENDING': 'capture',
  'PAYMENT.CAPTURE.DENIED': 'capture',
  'PAYMENT.CAPTURE.REFUNDED': 'refund',
  'PAYMENT.CAPTURE.REVERSED': 'refund',
};

export interface WebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version: '2.0';
  event_type: StandinEventType;
  summary: string;
  resource: Record<string, unknown>;
  links: unknown[];
}

export interface QueuedEvent {
  event: WebhookEvent;
  /** Events of one order are delivered in order. */
  orderId: string;
  /** The client id of the order: its webhook id signs the delivery. */
  clientId: string;
  /** Opens once the answer of the call that caused the event has been sent. */
  gate: Gate;
}

/** A promise opened by hand (or by `close()`, so no delivery waits forever). */
export interface Gate {
  promise: Promise<void>;
  open(): void;
}

function summaryOf(type: StandinEventType, amountCents: number | null): string {
  const amount = amountCents === null ? '' : `$ ${formatCents(amountCents)} USD`;
  switch (type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return 'An order has been approved by buyer';
    case 'PAYMENT.CAPTURE.COMPLETED':
      return `Payment completed for ${amount}`;
    case 'PAYMENT.CAPTURE.PENDING':
      return `Payment pending for ${amount}`;
    case 'PAYMENT.CAPTURE.DENIED':
      return `A ${amount} capture payment was denied`;
    case 'PAYMENT.CAPTURE.REFUNDED':
      return `A ${amount} capture payment was refunded`;
    case 'PAYMENT.CAPTURE.REVERSED':
      return `A ${amount} capture payment was reversed`;
  }
}

export function buildEvent(type: StandinEventType, resource: Record<string, unknown>, amountCents: number | null, now: Date): WebhookEvent {
  return {
    id: eventId(),
    event_version: '1.0',
    create_time: now.toISOString(),
    resource_type: RESOURCE_TYPES[type],
    resource_version: '2.0',
    event_type: type,
    summary: summaryOf(type, amountCents),
    resource,
    links: [],
  };
}

/**
 * PayPal's redelivery of a webhook its listener did not answer with a 2xx: "PayPal will retry each
 * delivery up to 25 times over 3 days" (https://developer.paypal.com/api/rest/webhooks/rest/,
 * "Subscribing a listener URL"). PayPal does not publish the waits between tries; the stand-in's:
 * 30 s doubling to 128 min (9 retries, 4 h 15 min in all), then 16 retries 4 h apart; the last
 * retry comes 68 h 15 min after the first try (within the 3 days).
 */
export const PAYPAL_RETRY_WAITS_MS: readonly number[] = [
  ...Array.from({ length: 9 }, (_, i) => 30_000 * 2 ** i),
  ...Array.from({ length: 16 }, () => 4 * 3_600_000),
];

/** Waits for `ms` (the real one: a timer `close()` clears). */
export type Sleeper = (ms: number) => Promise<void>;

export interface DeliveryOptions {
  /** Where events are posted (in-process). */
  url: string;
  /** The stand-in's base URL (for the cert URL header). */
  base: string;
  /** The waits before each retry, in ms of PayPal's time (its length is the number of retries). */
  waits: readonly number[];
  /** Real time per ms of PayPal's time (1: real; tests run the 3 days in a fraction of a second). */
  timeScale: number;
}

export interface HeldDelivery {
  /** Last event first (out of order). */
  reverse?: boolean;
  /** Every event delivered twice. */
  twice?: boolean;
  /** Only events of these types are delivered; the others are dropped (as if PayPal had given them up). */
  only?: StandinEventType[];
}

export class WebhookDelivery {
  private held: QueuedEvent[] = [];
  private holding = false;
  private closed = false;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly gates = new Set<Gate>();
  /** A test's clock for the retry waits (null: real timers). */
  private sleeper: Sleeper | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: DeliveryOptions,
  ) {}

  /** A gate for events caused by a call still answering; open it once the answer is sent. */
  gate(): Gate {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    const gate: Gate = {
      promise,
      open: () => {
        this.gates.delete(gate);
        open();
      },
    };
    if (this.closed) open();
    else this.gates.add(gate);
    return gate;
  }

  /** A gate that is already open (events not caused by a call: the test controls). */
  static readonly OPEN: Gate = { promise: Promise.resolve(), open: () => undefined };

  enqueue(events: QueuedEvent[]): void {
    if (this.closed) return;
    for (const queued of events) {
      if (this.holding) this.held.push(queued);
      else this.start(queued);
    }
  }

  hold(hold: boolean): void {
    this.holding = hold;
    if (!hold) for (const queued of this.held.splice(0)) this.start(queued);
  }

  /**
   * Delivers every held event now; resolves when they are delivered or given up. In order by
   * default; as PayPal may also do: `reverse` (last first, each order's events too), `twice` (each
   * event delivered a second time, same event id, after the first delivery's answer).
   */
  async deliverHeld(options: HeldDelivery = {}): Promise<void> {
    const held = this.held.splice(0).filter((queued) => !options.only || options.only.includes(queued.event.event_type));
    if (!options.reverse && !options.twice) {
      await Promise.all(held.map((queued) => this.start(queued)));
      return;
    }
    for (const queued of options.reverse ? held.reverse() : held) {
      await this.track(queued.gate.promise.then(() => this.deliver(queued)));
      if (options.twice) await this.track(this.deliver(queued));
    }
  }

  private track(run: Promise<void>): Promise<void> {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }

  /** Resolves when no delivery is in flight or waiting for a retry (held events do not count). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Stops: no new try, every timer cleared; waits for a try in flight. */
  async close(): Promise<void> {
    this.closed = true;
    this.held = [];
    for (const [timer, wake] of this.timers) {
      clearTimeout(timer);
      wake();
    }
    this.timers.clear();
    for (const gate of [...this.gates]) gate.open();
    await this.settled();
  }

  private start(queued: QueuedEvent): Promise<void> {
    const previous = this.chains.get(queued.orderId) ?? Promise.resolve();
    const run = previous.then(() => queued.gate.promise).then(() => this.deliver(queued));
    this.chains.set(queued.orderId, run);
    this.running.add(run);
    void run.finally(() => {
      this.running.delete(run);
      if (this.chains.get(queued.orderId) === run) this.chains.delete(queued.orderId);
    });
    return run;
  }

  /** Tests: the retry waits (in PayPal's time, unscaled) go through `sleeper`, a simulated clock, instead of timers; null restores timers. */
  setSleeper(sleeper: Sleeper | null): void {
    this.sleeper = sleeper;
  }

  /** Waits `ms` of PayPal's time: on the test's simulated clock, or scaled real time. */
  private sleep(ms: number): Promise<void> {
    if (this.sleeper) return this.sleeper(ms);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms * this.options.timeScale);
      this.timers.set(timer, resolve);
    });
  }

  /** PayPal's headers of one transmission: each try is a new transmission (id, time, signature). */
  private async headersOf(rawBody: string, clientId: string): Promise<Record<string, string>> {
    const transmissionId = randomUUID();
    // PayPal's format: ISO 8601 in UTC, whole seconds ('2026-11-28T10:00:00Z').
    const transmissionTime = this.app.clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const signature = await signTransmission(this.app, { transmissionId, transmissionTime, webhookId: standinWebhookId(clientId), rawBody });
    return {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-STANDIN',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': signature,
      'paypal-cert-url': certUrl(this.options.base),
      'paypal-auth-algo': AUTH_ALGO,
    };
  }

  private async deliver({ event, clientId }: QueuedEvent): Promise<void> {
    const rawBody = JSON.stringify(event);
    const waits = this.options.waits;
    for (let attempt = 0; attempt <= waits.length; attempt++) {
      if (this.closed) return;
      let status = 0;
      try {
        const headers = await this.headersOf(rawBody, clientId);
        if (/^https?:/.test(this.options.url)) {
          // Over HTTP, as PayPal delivers (PAYPAL_STANDIN_WEBHOOK_URL): e.g. through a balancer to any instance.
          const response = await fetch(this.options.url, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(10_000) });
          await response.arrayBuffer();
          status = response.status;
        } else {
          const response = await this.app.inject({ method: 'POST', url: this.options.url, headers, payload: rawBody });
          status = response.statusCode;
        }
      } catch (error) {
        this.app.log.warn({ err: error, eventId: event.id }, 'paypal stand-in: webhook delivery threw');
      }
      if (status >= 200 && status < 300) return;
      if (attempt < waits.length) {
        this.app.log.info({ eventId: event.id, eventType: event.event_type, status, attempt: attempt + 1 }, 'paypal stand-in: webhook refused, will retry');
        await this.sleep(waits[attempt]!);
      } else {
        this.app.log.warn({ eventId: event.id, eventType: event.event_type, status }, 'paypal stand-in: webhook refused after the last retry, giving up');
      }
    }
  }
}
