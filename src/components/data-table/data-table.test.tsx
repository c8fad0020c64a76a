import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, EmptyState, nextSort, Pager, type DataTableColumn } from '.';

interface Row {
  id: string;
  name: string;
  cents: number;
}
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (r) => r.name },
  { id: 'amount', header: 'Amount', sortKey: 'cents', align: 'end', descendingFirst: true, cell: (r) => `$${r.cents / 100}` },
  { id: 'note', header: 'Note', cell: () => '—' },
];
const rows: Row[] = [
  { id: '1', name: 'Ann', cents: 500 },
  { id: '2', name: 'Bob', cents: 700 },
];

describe('DataTable', () => {
  it('renders a named table with row headers and right-aligned amounts', () => {
    render(<DataTable caption="Donors" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Donors' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: 'Ann' })).toBeInTheDocument();
    // Without onSortChange the headers are plain.
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('a table wide by design scrolls sideways in a labelled region the keyboard can focus; others are no region', async () => {
    const { rerender } = render(<DataTable caption="Donation Report" columns={columns} rows={rows} rowKey={(r) => r.id} scrollsSideways />);
    const region = screen.getByRole('region', { name: 'Donation Report' });
    expect(within(region).getByRole('table', { name: 'Donation Report' })).toBeInTheDocument();
    await userEvent.tab();
    expect(region).toHaveFocus();
    rerender(<DataTable caption="Donors" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('sorts through header buttons with aria-sort', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const { rerender } = render(<DataTable caption="Donors" columns={columns} rows={rows} rowKey={(r) => r.id} sort="name" onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'none');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('-name');
    screen.getByRole('button', { name: /Amount/ }).focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith('-cents');
    rerender(<DataTable caption="Donors" columns={columns} rows={rows} rowKey={(r) => r.id} sort="-cents" onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    expect(nextSort('-cents', 'cents')).toBe('cents');
  });

  it('shows loading, then the empty state with its call to action', () => {
    const { rerender } = render(<DataTable caption="Donors" columns={columns} rows={[]} rowKey={(r) => r.id} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    rerender(
      <DataTable caption="Donors" columns={columns} rows={[]} rowKey={(r) => r.id} empty={<EmptyState text="No donors yet" action={<button type="button">Add your first donor</button>} />} />,
    );
    expect(screen.getByText('No donors yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your first donor' })).toBeInTheDocument();
  });
});

describe('Pager', () => {
  it('shows the range and page, moves and changes the page size', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    render(<Pager page={2} pageSize={25} total={60} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('26–50 of 60');
    expect(nav).toHaveTextContent('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('disables Previous on the first page and Next on the last', () => {
    render(<Pager page={1} pageSize={25} total={10} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
  });
});
