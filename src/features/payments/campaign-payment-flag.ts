/**
 * The campaign slice's payment flag (SPEC §3, §4): true while a package payment is under way or has
 * just completed, so the purchase reminder stays closed and the main layout refetches the campaign
 * list after 5 s while the package still reads INACTIVE. Features do not import each other, so the
 * slice's own `setPaymentFlag` action is dispatched by its type (a test checks it lands).
 */
export function setCampaignPaymentFlag(value: boolean) {
  return { type: 'campaign/setPaymentFlag', payload: value } as const;
}
