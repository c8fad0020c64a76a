import { render, screen } from '@testing-library/react';
import { act, useState } from 'react';
import { progressPercent, type LiveProgressEvent } from '../../domain/live-events';
import { useLiveEvent } from './live-events';
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
    const stop = await connectPermissionSocket('user-1', { onPermissions: () => undefined, onCampaignRemoved: () => undefined });
    render(<ImportProgress />);
    act(() => serverEmits('progress', { ...ref, done: 25, total: 100, stage: null } satisfies LiveProgressEvent));
    expect(screen.getByText('u1: 25%')).toBeInTheDocument();
    act(() => serverEmits('progress', { ...ref, kind: 'report', id: 'r9', done: 1, total: 2, stage: null }));
    expect(screen.getByText('u1: 25%')).toBeInTheDocument();
    act(() => serverEmits('done', { ...ref, status: 'completed', message: null }));
    expect(screen.getByText('u1: completed')).toBeInTheDocument();
    stop();
  });

  it('progressPercent: null while the total is unknown, floored and bounded', () => {
    expect(progressPercent({ done: 5, total: null })).toBeNull();
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 7, total: 5 })).toBe(100);
  });
});
