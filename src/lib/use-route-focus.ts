import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_ID } from '../components/skip-link';

/** How long to wait for a lazily loaded page's heading (animation frames, about 2 s). */
const MAX_FRAMES = 120;

/**
 * After a route change (not the first page), focus moves to the new page's heading, so a screen
 * reader announces the page and the keyboard starts from its top. Left alone once focus has moved from
 * where it was at the change (the page focused a field or a dialog, or the user tabbed on).
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    let tries = 0;
    // Where focus was when the route changed (the link followed): once the user moves it elsewhere, or
    // the page puts it in itself, the heading does not take it.
    const start = document.activeElement;
    const look = () => {
      const main = document.getElementById(MAIN_ID);
      const heading = main?.querySelector<HTMLElement>('h1');
      const active = document.activeElement;
      if (active && active !== document.body && active !== start) return;
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (++tries < MAX_FRAMES) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
