import type { FastifyInstance } from 'fastify';

/** The app's notion of "now": every expiry (codes, sessions, tokens) is computed from it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand: `clock.advance(11 * 60_000)`. Starts at the real time. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(at: Date): void {
    this.current = at.getTime();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export function registerClock(app: FastifyInstance, clock: Clock = systemClock): void {
  app.decorate('clock', clock);
}
