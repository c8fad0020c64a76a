/** Full-page navigation outside React (interceptors, logout). Injectable for tests. */
type NavigateFn = (url: string) => void;

let navigateImpl: NavigateFn = (url) => window.location.assign(url);

export function hardNavigate(url: string): void {
  navigateImpl(url);
}

export function setHardNavigate(fn: NavigateFn | null): void {
  navigateImpl = fn ?? ((url) => window.location.assign(url));
}
