/**
 * User-scoped live pushes ('progress' and 'done' of imports, reports, payments) arrive on the one
 * socket the main layout holds (permission-socket.ts) and are handed to whoever listens here, so a
 * page shows a live progress bar without opening a socket of its own or reloading.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { LiveDoneEvent, LiveProgressEvent } from '../../domain/live-events';

interface LiveEventMap {
  progress: LiveProgressEvent;
  done: LiveDoneEvent;
}
type LiveEventName = keyof LiveEventMap;
type Listener<E extends LiveEventName> = (event: LiveEventMap[E]) => void;

const listeners: { [E in LiveEventName]: Set<Listener<E>> } = { progress: new Set(), done: new Set() };

/** Called by the socket for every pushed event. */
export function emitLiveEvent<E extends LiveEventName>(name: E, event: LiveEventMap[E]): void {
  for (const listener of listeners[name]) listener(event);
}

/** Listens until the returned function is called. */
export function subscribeLiveEvent<E extends LiveEventName>(name: E, listener: Listener<E>): () => void {
  listeners[name].add(listener);
  return () => {
    listeners[name].delete(listener);
  };
}

/** Calls `listener` for each `name` event of `kind` (e.g. 'import') while the component is mounted. */
export function useLiveEvent<E extends LiveEventName>(name: E, kind: string, listener: Listener<E>): void {
  const latest = useRef(listener);
  // Swapped in during the commit, not after paint: an event that arrives once the rows are on screen
  // must reach the listener that sees those rows (a passive effect can still be pending then).
  useLayoutEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeLiveEvent(name, (event) => (event.kind === kind ? latest.current(event) : undefined)), [name, kind]);
}
