/**
 * What a donor typed in the giving form, kept in this tab's session storage (never sent to the server,
 * gone with the tab) per campaign, so that Back from PayPal, a decline, a cancel, "Try again" and a
 * reload bring the form back as it was. Cleared once a payment of that campaign succeeds.
 * A draft read back is checked field by field: anything of the wrong type is dropped, never trusted.
 */
const PREFIX = 'giving:draft:';

export interface GivingDraft {
  amount_cents: number | null;
  /** The amount was typed in "Other amount" (not a suggested amount's button). */
  custom: boolean;
  /** The "Employment" choice (domain/payments/employment.ts). */
  employment: string;
  donor: Record<string, string>;
  attestations: Record<string, boolean>;
}

/** One draft per campaign page; a pledge link's form keeps its own (it pays that pledge). */
export function draftKey(slug: string, pledgeToken?: string | null): string {
  return `${PREFIX}${slug.toLowerCase()}${pledgeToken ? `#pledge:${pledgeToken}` : ''}`;
}

function entries<T>(value: unknown, keep: (item: unknown) => item is T): Record<string, T> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, T] => keep(entry[1])));
}

const isString = (item: unknown): item is string => typeof item === 'string' && item.length <= 500;
const isBoolean = (item: unknown): item is boolean => typeof item === 'boolean';

/** The draft kept for this key, or null (none, storage refused, or not a draft). */
export function readGivingDraft(key: string): GivingDraft | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
    const amount = raw.amount_cents;
    return {
      amount_cents: typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 ? amount : null,
      custom: raw.custom === true,
      employment: isString(raw.employment) ? raw.employment : '',
      donor: entries(raw.donor, isString),
      attestations: entries(raw.attestations, isBoolean),
    };
  } catch {
    return null;
  }
}

export function saveGivingDraft(key: string, draft: GivingDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // storage full or refused (privacy settings): the form still works, it just is not kept
  }
}

/** Forgets every draft of this campaign (its page and its pledge links): after a successful payment. */
export function clearGivingDrafts(slug: string): void {
  try {
    const base = draftKey(slug);
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const key = sessionStorage.key(i);
      if (key === base || key?.startsWith(`${base}#`)) sessionStorage.removeItem(key);
    }
  } catch {
    // storage refused: nothing was kept
  }
}
