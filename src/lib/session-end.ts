/**
 * What runs before a session that cannot be refreshed is cleared (api-client.ts calls it). Its own
 * module, so the entry (src/main.tsx) sets it without loading the HTTP client on the sign-in path.
 */
let beforeSessionEnd: () => Promise<void> = () => Promise.resolve();

/**
 * What to do before a session that cannot be refreshed is cleared. Without it redux-persist would
 * write persist:root (name, e-mail, campaigns, permissions) back on the next state change, as logout
 * prevents with the same call (SPEC §4; a shared computer must keep nothing).
 */
export function setBeforeSessionEnd(handler: () => Promise<void>): void {
  beforeSessionEnd = handler;
}

/** Runs the handler set by setBeforeSessionEnd (the app stops redux-persist there). */
export function runBeforeSessionEnd(): Promise<void> {
  return beforeSessionEnd();
}
