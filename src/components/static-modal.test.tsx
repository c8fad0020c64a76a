import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { StaticModal } from './static-modal';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <StaticModal
        open={open}
        title="Edit donor"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <label htmlFor="donor-name">Donor name</label>
        <input id="donor-name" />
        <button type="button">Save</button>
      </StaticModal>
    </>
  );
}

async function openModal(onClose?: () => void) {
  const user = userEvent.setup();
  render(<Harness onClose={onClose} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('StaticModal', () => {
  it('is a labelled modal dialog and moves focus inside', async () => {
    await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Edit donor' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('does not close on Escape and keeps typed data', async () => {
    const onClose = vi.fn();
    const user = await openModal(onClose);
    await user.type(screen.getByLabelText('Donor name'), 'Jane');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Donor name')).toHaveValue('Jane');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close on a backdrop click', async () => {
    const onClose = vi.fn();
    const user = await openModal(onClose);
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('traps focus with Tab and Shift+Tab', async () => {
    const user = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByLabelText('Donor name');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes with the close icon and restores focus to the opener', async () => {
    const onClose = vi.fn();
    const user = await openModal(onClose);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
