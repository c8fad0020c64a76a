import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { OutboxMessageView } from '../../../../domain/auth/api-contract';
import { renderApp } from '../../../test/render-app';
import { OUTBOX_REFRESH_MS } from './dev-outbox-page';

const message = (id: string, body: string): OutboxMessageView => ({
  id,
  channel: 'email',
  recipient: 'nina@example.org',
  subject: 'Campaign Donation Tracker: Your sign-in code',
  body,
  purpose: 'signin',
  status: 'logged',
  error: null,
  created_at: '2025-03-04T10:11:12.000Z',
  sent_at: null,
});

let requests = 0;
let list = [message('m1', 'Hello,\n\nYour sign-in code is 482913\n')];
const server = setupServer(
  http.get('*/dev/outbox', ({ request }) => {
    requests += 1;
    expect(new URL(request.url).searchParams.get('limit')).toBe('50');
    return HttpResponse.json({ data: { message_list: list } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  requests = 0;
  list = [message('m1', 'Hello,\n\nYour sign-in code is 482913\n')];
});
afterAll(() => server.close());

describe('dev outbox', () => {
  it('lists the latest messages with the code visible, and refreshes', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/dev-outbox', { devOutbox: true });
    await screen.findByRole('heading', { level: 1, name: 'Dev outbox' });
    expect(container.querySelector('[data-layout="plain"]')).not.toBeNull();
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('nina@example.org')).toBeInTheDocument();
    expect(within(messages).getByText('Campaign Donation Tracker: Your sign-in code')).toBeInTheDocument();
    expect(within(messages).getByText('482913').tagName).toBe('MARK');
    expect(within(messages).getByText(/04-03-2025/)).toBeInTheDocument();

    list = [message('m2', 'Your password reset code is 111222'), ...list];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('111222')).toBeInTheDocument();
  });

  it('refreshes by itself every 3 seconds', async () => {
    // The refresh's clock is a fake one moved by hand (the rest runs on real time); RTK Query polls with setTimeout.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    expect(OUTBOX_REFRESH_MS).toBe(3000);
    renderApp('/dev-outbox', { devOutbox: true });
    await screen.findByText('482913');
    const before = requests;
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_REFRESH_MS));
    await waitFor(() => expect(requests).toBeGreaterThan(before));
  });

  it('does not exist in production', async () => {
    // Without the route, /dev-outbox is a slug like any other: no campaign has it.
    server.use(http.get('*/payment/giving-page/:slug', () => HttpResponse.json({ data: null })));
    renderApp('/dev-outbox', { devOutbox: false });
    expect(await screen.findByRole('heading', { name: 'The page you are attempting to reach is currently not available...' })).toBeInTheDocument();
  });
});
