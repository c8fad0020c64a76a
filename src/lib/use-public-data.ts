import { useCallback, useEffect, useRef, useState } from 'react';

interface PublicDataState<T> {
  key: string | null;
  data: T | null;
  error: unknown;
}

/**
 * Loads `load()` whenever `key` changes (null: nothing to load) or `reload()` is called, ignoring
 * stale answers: `useRemote` for the donors' pages, which belong to no selected campaign and so need
 * no store (the donors' entry, giving.html, has none). Keeps the previous answer while the next loads.
 */
export function usePublicData<T>(key: string | null, load: () => Promise<T>) {
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<PublicDataState<T>>({ key: null, data: null, error: null });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const fullKey = key === null ? null : `${key}#${nonce}`;

  useEffect(() => {
    if (fullKey === null) return;
    let cancelled = false;
    loadRef.current().then(
      (data) => !cancelled && setState({ key: fullKey, data, error: null }),
      (error: unknown) => !cancelled && setState((s) => ({ key: fullKey, data: s.data, error })),
    );
    return () => {
      cancelled = true;
    };
  }, [fullKey]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: fullKey !== null && state.key !== fullKey, reload };
}
