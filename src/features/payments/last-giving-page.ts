/**
 * The giving page this tab showed last (session storage: gone with the tab, never sent anywhere), so a
 * result page that cannot name its payment still leads the donor back to the campaign's page.
 */
const KEY = 'giving:last-page';

export interface GivingPageRef {
  slug: string;
  name: string;
}

export function rememberGivingPage(page: GivingPageRef): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ slug: page.slug, name: page.name }));
  } catch {
    // storage refused (privacy settings): the result page then has no way back to offer
  }
}

export function lastGivingPage(): GivingPageRef | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<GivingPageRef> | null;
    return typeof value?.slug === 'string' && typeof value.name === 'string' && value.slug ? { slug: value.slug, name: value.name } : null;
  } catch {
    return null;
  }
}
