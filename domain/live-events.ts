/**
 * User-scoped live pushes of long work (imports, reports, payments) over the socket.io connection
 * every signed-in page already holds (SOCKET_PATH, room `user:<id>`). A job reports to the user who
 * started it: 'progress' while it runs, 'done' once when it ends. Pure: no React, no Node.
 */
export const LIVE_EVENTS = {
  progress: 'progress',
  done: 'done',
} as const;

/** Which work an event is about. */
export interface LiveTaskRef {
  /** 'import' | 'report' | 'payment' | …: the feature that listens for it. */
  kind: string;
  /** The upload, report or payment id. */
  id: string;
  campaign_id: string;
}

export interface LiveProgressEvent extends LiveTaskRef {
  /** Units done so far (rows, pages, …) and the total when known. */
  done: number;
  total: number | null;
  /** A short stage name the page may show ('validating', 'importing', …). */
  stage: string | null;
}

export interface LiveDoneEvent extends LiveTaskRef {
  /** The final status ('completed', 'failed', 'cancelled', …: the feature's own names). */
  status: string;
  message: string | null;
}

/** The percentage of a progress event (null while the total is unknown), 0–100. */
export function progressPercent(event: Pick<LiveProgressEvent, 'done' | 'total'>): number | null {
  if (event.total === null || event.total <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((event.done / event.total) * 100)));
}
