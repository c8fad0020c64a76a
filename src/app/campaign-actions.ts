/**
 * Campaign-slice actions that other features dispatch (features do not import each other; the app
 * layer wires them, as campaign-selectors.ts does for reads).
 */
import { setPaymentFlag } from '../features/campaign/campaign-slice';

/**
 * The payment flag (SPEC §3, §4): true while a package payment is under way or has just completed, so
 * the purchase reminder stays closed and the layout refetches the campaign list after 5 s.
 */
export const setCampaignPaymentFlag = (value: boolean) => setPaymentFlag(value);
