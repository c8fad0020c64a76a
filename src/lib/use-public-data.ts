import { useCallback, useEffect, useRef, useState } from 'react';

interface PublicDataState<T> {
  key: string | null;
  data: T | null;
  error: unknown;
}

/**
 * Loads `load(signal)` whenever `key` changes (null: nothing to load) or `reload()` is called, and
 * cancels the request it no longer wants (the key changed, the page went away) through `signal`.
 * Keeps the previous answer while the next loads.
 *
 * The donors' pages (/{slug}, /pay-your-donation in the donors' entry, giving.html) load through this
 * and not through RTK Query (src/lib/api.ts) as the staff pages do: that entry has no Redux store at
 * all, and its scripts have a tight budget (issue 31: /demo-campaign at most 159 KB gz), which RTK
 * Query and react-redux would break. So this file must never import either.
 */
export function usePublicData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  // Asked again (a "Try again" after a failure): the same key, a new request.
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PublicDataState<T>>({ key: null, data: null, error: null });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const fullKey = key === null ? null : `${key}#${attempt}`;

  useEffect(() => {
    if (fullKey === null) return;
    const request = new AbortController();
    // An answer that arrives anyway (a request started before the page, not ours to cancel) is dropped.
    loadRef.current(request.signal).then(
      (data) => request.signal.aborted || setState({ key: fullKey, data, error: null }),
      (error: unknown) => request.signal.aborted || setState((s) => ({ key: fullKey, data: s.data, error })),
    );
    return () => request.abort();
  }, [fullKey]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: fullKey !== null && state.key !== fullKey, reload };
}
