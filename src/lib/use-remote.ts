import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectSelectedCampaignId, selectSelectedCampaignName } from '../app/campaign-selectors';

interface RemoteState<T> {
  key: string | null;
  data: T | null;
  error: unknown;
}

/**
 * Loads `load()` whenever `key` changes (null: nothing to load) or `reload()` is called. Keeps the
 * previous answer while the next one loads (tables dim instead of emptying); ignores stale answers.
 */
export function useRemote<T>(key: string | null, load: () => Promise<T>) {
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<RemoteState<T>>({ key: null, data: null, error: null });
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

/** The selected campaign's id ('' when none: the route gate shows 'Please select a campaign first'). */
export function useCampaignId(): string {
  const id = useAppSelector(selectSelectedCampaignId);
  return id === null ? '' : String(id);
}

export function useCampaignName(): string {
  return useAppSelector(selectSelectedCampaignName);
}
