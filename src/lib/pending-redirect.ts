/** Social sign-in leaves the SPA; the page to come back to (redirect_to) waits here, in this tab. */
export const PENDING_REDIRECT_KEY = 'cdt.redirectTo';

export const pendingRedirect = {
  read: () => sessionStorage.getItem(PENDING_REDIRECT_KEY),
  write: (value: string | null) => (value ? sessionStorage.setItem(PENDING_REDIRECT_KEY, value) : sessionStorage.removeItem(PENDING_REDIRECT_KEY)),
  clear: () => sessionStorage.removeItem(PENDING_REDIRECT_KEY),
};
