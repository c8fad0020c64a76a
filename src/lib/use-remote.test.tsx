import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../app/store';
import { selectCampaign } from '../features/campaign/campaign-slice';
import { useRemote } from './use-remote';

describe('useRemote', () => {
  it('keeps the page shown while the next page of the same campaign loads, but never shows another campaign’s data (SPEC §4)', async () => {
    const { store } = makeStore();
    act(() => {
      store.dispatch(selectCampaign({ label: 'A', value: 'a' }));
    });
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    let release: (value: string) => void = () => undefined;
    const { result, rerender } = renderHook(({ key, answer }: { key: string; answer: () => Promise<string> }) => useRemote(key, answer), {
      wrapper,
      initialProps: { key: 'a:1', answer: () => Promise.resolve('A page 1') },
    });
    await waitFor(() => expect(result.current.data).toBe('A page 1'));

    // The same campaign's next page: the first stays shown meanwhile.
    rerender({ key: 'a:2', answer: () => new Promise<string>((resolve) => (release = resolve)) });
    expect(result.current).toMatchObject({ data: 'A page 1', loading: true });
    await act(async () => release('A page 2'));
    expect(result.current.data).toBe('A page 2');

    // Another campaign: nothing of A is shown while B loads.
    act(() => {
      store.dispatch(selectCampaign({ label: 'B', value: 'b' }));
    });
    rerender({ key: 'b:1', answer: () => new Promise<string>((resolve) => (release = resolve)) });
    expect(result.current).toMatchObject({ data: null, loading: true });
    await act(async () => release('B page 1'));
    expect(result.current.data).toBe('B page 1');
  });
});
