import { render, screen } from '@testing-library/react';
import { SubmitButton } from './submit-button';

describe('SubmitButton', () => {
  it('is a submit button', () => {
    render(<SubmitButton>Save</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.queryByTestId('submit-spinner')).toBeNull();
  });

  it('shows a spinner and is disabled and busy while loading', () => {
    render(<SubmitButton loading>Save</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('submit-spinner')).toBeInTheDocument();
  });
});
