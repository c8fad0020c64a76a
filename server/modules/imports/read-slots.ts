/**
 * How many import files this process reads at once (previews and validations alike): READ_SLOTS.
 * Reading an XLSX holds its shared strings in a thread of its own, capped at XLSX_THREAD_HEAP_MB
 * (read-xlsx-thread.ts), so this bounds the memory that reading can take, whatever is uploaded:
 * READ_SLOTS threads of at most that heap. The others wait their turn in order (first come, first
 * served) and are told so (`onQueued`), so the page can say "queued". A caller that must not wait
 * long (a preview: a person waits on the request) sets `maxWaiting`: when that many already wait,
 * it is refused at once with IMPORT_READERS_BUSY instead of queued.
 */
import { ImportFileError } from './file-errors';

export const READ_SLOTS = 2;

export interface SlotRequest {
  /** Called once when the caller has to wait (all slots taken). */
  onQueued?: () => void | Promise<void>;
  /** Refuse (IMPORT_READERS_BUSY) rather than wait behind this many others. */
  maxWaiting?: number;
}

let running = 0;
const waiting: (() => void)[] = [];

/** Resolves with the function that frees the slot (calling it twice frees it once). */
export async function takeReadSlot(request: SlotRequest = {}): Promise<() => void> {
  if (running < READ_SLOTS && waiting.length === 0) {
    running++;
  } else {
    if (request.maxWaiting !== undefined && waiting.length >= request.maxWaiting) throw new ImportFileError('IMPORT_READERS_BUSY');
    const turn = new Promise<void>((resolve) => waiting.push(resolve));
    try {
      await request.onQueued?.();
    } catch {
      // Saying so is best effort: the turn comes all the same.
    }
    await turn; // the slot is handed over by the one freeing it: `running` is unchanged
  }
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

/** Slots in use and callers waiting (tests). */
export function readSlotUse(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
