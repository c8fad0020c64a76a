import { paths } from '../../config/paths';

/** The campaign dropdown and expiry card are hidden on my-account and campaign pages (SPEC §2). */
export function isCampaignScopeHidden(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === paths.myAccount || path === paths.campaign || path.startsWith(`${paths.campaign}/`);
}
