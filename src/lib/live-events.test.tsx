import { render, screen } from '@testing-library/react';
import { act, useEffect, useState } from 'react';
import { progressPercent, type LiveProgressEvent } from '../../domain/live-events';
import { emitLiveEvent, useLiveEvent } from './live-events';
import { connectPermissionSocket, setSocketFactory } from './permission-socket';

/** A fake socket whose listeners the test calls as the server would. */
function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  setSocketFactory(() => ({
    on: (event: string, listener: (payload: never) => void) => handlers.set(event, listener as (payload: unknown) => void),
    disconnect: () => undefined,
  }));
  return (event: string, payload: unknown) => handlers.get(event)?.(payload);
}

function ImportProgress() {
  const [text, setText] = useState('waiting');
  useLiveEvent('progress', 'import', (event) => setText(`${event.id}: ${progressPercent(event)}%`));
  useLiveEvent('done', 'import', (event) => setText(`${event.id}: ${event.status}`));
  return <p>{text}</p>;
}

const ref = { kind: 'import', id: 'u1', campaign_id: 'c1' };

describe('live events (progress of long work)', () => {
  afterEach(() => setSocketFactory(null));

  it("shows the socket's 'progress' and 'done' for its kind only, without a reload", async () => {
    const serverEmits = fakeSocket();
    const stop = await connectPermissionSocket('user-1', { onConnect: () => undefined, onPermissions: () => undefined, onCampaignRemoved: () => undefined });
    render(<ImportProgress />);
    act(() => serverEmits('progress', { ...ref, done: 25, total: 100, stage: null } satisfies LiveProgressEvent));
    expect(screen.getByText('u1: 25%')).toBeInTheDocument();
    act(() => serverEmits('progress', { ...ref, kind: 'report', id: 'r9', done: 1, total: 2, stage: null }));
    expect(screen.getByText('u1: 25%')).toBeInTheDocument();
    act(() => serverEmits('done', { ...ref, status: 'completed', message: null }));
    expect(screen.getByText('u1: completed')).toBeInTheDocument();
    stop();
  });

  it('an event that arrives as soon as new rows are on screen reaches the listener that sees them', async () => {
    // Outside act, as a network answer lands: React commits the DOM, and passive effects may wait
    // for a later task. A test (or a socket) can act in between.
    const heard: string[] = [];
    let show: (rows: string) => void = () => undefined;
    const answer = new Promise<string>((resolve) => (show = resolve));
    function Rows({ source }: { source: Promise<string> }) {
      const [rows, setRows] = useState('none');
      useEffect(() => void source.then(setRows), [source]);
      useLiveEvent('progress', 'import', () => heard.push(rows));
      return <p data-testid="rows">{rows}</p>;
    }
    render(<Rows source={answer} />);
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const node = screen.getByTestId('rows');
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (node.textContent !== 'r1') return;
          observer.disconnect();
          emitLiveEvent('progress', { ...ref, done: 1, total: 2, stage: null });
          resolve();
        });
        observer.observe(node, { childList: true, characterData: true, subtree: true });
        show('r1');
      });
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = before;
    }
    expect(heard).toEqual(['r1']);
  });

  it('progressPercent: null while the total is unknown, floored and bounded', () => {
    expect(progressPercent({ done: 5, total: null })).toBeNull();
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 7, total: 5 })).toBe(100);
  });
});
