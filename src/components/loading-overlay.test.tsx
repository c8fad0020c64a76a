import { render, screen } from '@testing-library/react';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  it('is a polite live status with a label', () => {
    render(<LoadingOverlay />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading…');
  });
});
