import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, SUSPENSE_DELAY_MS } from '../config/constants';

let minimumDelayMs = SUSPENSE_DELAY_MS;

/** Tests set 0 so lazy pages appear without the 300 ms minimum delay. */
export function setLazyPageDelay(ms: number): void {
  minimumDelayMs = ms;
}

function wait(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

export function loadWithTimeout<T>(importer: () => Promise<T>, delayMs: number, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Page chunk did not load within ${timeoutMs} ms`)), timeoutMs);
  });
  const load = Promise.all([importer(), wait(delayMs)]).then(([module]) => module);
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** A lazily loaded page: waits at least the suspense delay, fails after the chunk load timeout. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<C extends ComponentType<any>>(importer: () => Promise<{ default: C }>): LazyExoticComponent<C> {
  return lazy(() => loadWithTimeout(importer, minimumDelayMs, CHUNK_LOAD_TIMEOUT_MS));
}
