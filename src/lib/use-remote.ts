import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectSelectedCampaignId } from '../app/campaign-selectors';

interface RemoteState<T> {
  key: string | null;
  data: T | null;
  error: unknown;
  /** The campaign selected when `data` was loaded. */
  campaign: string | number | null;
}

/**
 * Loads `load()` whenever `key` changes (null: nothing to load) or `reload()` is called. Keeps the
 * previous answer while the next one loads (tables dim instead of emptying), but never another
 * campaign's: choosing a campaign clears what was shown (SPEC §4). Ignores stale answers.
 */
export function useRemote<T>(key: string | null, load: () => Promise<T>) {
  const campaign = useAppSelector(selectSelectedCampaignId);
  const campaignRef = useRef(campaign);
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<RemoteState<T>>({ key: null, data: null, error: null, campaign: null });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
    campaignRef.current = campaign;
  });
  const fullKey = key === null ? null : `${key}#${nonce}`;

  useEffect(() => {
    if (fullKey === null) return;
    let cancelled = false;
    const loadedFor = campaignRef.current;
    loadRef.current().then(
      (data) => !cancelled && setState({ key: fullKey, data, error: null, campaign: loadedFor }),
      (error: unknown) => !cancelled && setState((s) => ({ key: fullKey, data: s.campaign === loadedFor ? s.data : null, error, campaign: loadedFor })),
    );
    return () => {
      cancelled = true;
    };
  }, [fullKey]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const sameCampaign = state.campaign === campaign;
  return { data: sameCampaign ? state.data : null, error: sameCampaign ? state.error : null, loading: fullKey !== null && state.key !== fullKey, reload };
}
