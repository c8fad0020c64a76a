import { useCallback, useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../config/constants';

/** A seconds countdown that ticks every second and stops at zero; `restart(n)` starts it again. */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + Math.max(0, initialSeconds) * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);

  const restart = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + Math.max(0, seconds) * 1000);
  }, []);

  return { remaining: Math.max(0, Math.ceil((endsAt - now) / 1000)), restart };
}
