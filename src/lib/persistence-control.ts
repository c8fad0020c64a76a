import type { Persistor } from 'redux-persist';

/**
 * Logout must leave localStorage empty, so redux-persist is stopped before storage is cleared
 * (else it writes persist:root again on the next state change) and resumed at the next sign-in.
 */
let paused = false;

/** Writes what is pending, stops writing, and removes persist:root. */
export async function stopPersistence(persistor: Persistor): Promise<void> {
  await persistor.flush();
  persistor.pause();
  paused = true;
  await persistor.purge();
}

/** Resumes writing after a logout in this page's lifetime (no-op otherwise). */
export function resumePersistence(persistor: Persistor | null): void {
  if (!paused || !persistor) return;
  paused = false;
  persistor.persist();
}
