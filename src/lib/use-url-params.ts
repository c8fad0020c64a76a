import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type Next = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/**
 * `useSearchParams`, whose functional update starts from the parameters last set. React Router hands
 * the updater the parameters of the render that made the callback, and a navigation renders in a
 * transition: two quick changes (typing From, then To) would each start from the old URL, and the
 * second would undo the first.
 */
export function useUrlParams(): readonly [URLSearchParams, (next: Next, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    latest.current = null;
  }, [params]);
  const set = useCallback(
    (next: Next, options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(latest.current ?? params)) : next;
      latest.current = value;
      setParams(value, options);
    },
    [params, setParams],
  );
  return [params, set] as const;
}
