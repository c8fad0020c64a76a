import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('reports the trimmed text once typing pauses', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBox label="Search donors" value="" onSearch={onSearch} delayMs={50} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search donors' }), ' ann ');
    expect(onSearch).not.toHaveBeenCalled();
    await act(() => new Promise((r) => setTimeout(r, 80)));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ann');
  });

  it('searches at once on Enter and follows the value from outside', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox label="Search" value="" onSearch={onSearch} delayMs={10_000} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'bob{Enter}');
    expect(onSearch).toHaveBeenCalledWith('bob');
    rerender(<SearchBox label="Search" value="carol" onSearch={onSearch} delayMs={10_000} />);
    expect(box).toHaveValue('carol');
  });

  it('keeps what was typed after a search went out when that search comes back as the value (a slow round trip)', async () => {
    const user = userEvent.setup();
    let sent = '';
    const onSearch = (value: string) => void (sent = value);
    const { rerender } = render(<SearchBox label="Search" value="" onSearch={onSearch} delayMs={10} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'Kay Bo');
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(sent).toBe('Kay Bo');
    // Typing goes on before the page passes the search back (the URL round trip on a busy machine).
    await user.type(box, 'ard');
    rerender(<SearchBox label="Search" value="Kay Bo" onSearch={onSearch} delayMs={10} />);
    expect(box).toHaveValue('Kay Board');
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(sent).toBe('Kay Board');
  });
});
