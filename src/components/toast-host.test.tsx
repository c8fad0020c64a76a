import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/toast';
import { ToastHost } from './toast-host';

describe('toasts', () => {
  it('shows the first toast, raised before the container has loaded, and the next ones', async () => {
    render(<ToastHost />);
    notify.success('Donor added successfully');
    expect(await screen.findByText('Donor added successfully', {}, { timeout: 3_000 })).toBeTruthy();
    notify.info('Report ready');
    expect(await screen.findByText('Report ready', {}, { timeout: 3_000 })).toBeTruthy();
  });
});
