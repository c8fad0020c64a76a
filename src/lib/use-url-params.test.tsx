import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlParams } from './use-url-params';

/** Two changes in one event (what two quick edits amount to before the URL's render). */
function TwoChanges({ hook }: { hook: 'ours' | 'react-router' }) {
  const ours = useUrlParams();
  const theirs = useSearchParams();
  const [params, set] = hook === 'ours' ? ours : theirs;
  const change = (key: string, value: string) =>
    set((current) => {
      const next = new URLSearchParams(current);
      next.set(key, value);
      return next;
    });
  return (
    <>
      <output aria-label="query">{params.toString()}</output>
      <button
        type="button"
        onClick={() => {
          change('start_date', '2026-01-01');
          change('end_date', '2026-12-31');
        }}
      >
        Set both
      </button>
    </>
  );
}

async function run(hook: 'ours' | 'react-router'): Promise<string> {
  const router = createMemoryRouter([{ path: '/', element: <TwoChanges hook={hook} /> }], { initialEntries: ['/?page=2'] });
  render(<RouterProvider router={router} />);
  await userEvent.click(screen.getByRole('button', { name: 'Set both' }));
  await act(async () => undefined);
  return screen.getByRole('status', { name: 'query' }).textContent ?? '';
}

describe('useUrlParams', () => {
  // With react-router's own useSearchParams this answers 'page=2&end_date=2026-12-31' (checked by hand).
  it('keeps both of two quick changes', async () => {
    expect(await run('ours')).toBe('page=2&start_date=2026-01-01&end_date=2026-12-31');
  });
});
