import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { centsToDisplay, MoneyInput, textToCents } from './money-input';

function Harness({ initial = null as number | null, error }: { initial?: number | null; error?: string }) {
  const [cents, setCents] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput label="Amount" value={cents} onChange={setCents} error={error} required />
      <output data-testid="cents">{String(cents)}</output>
      <button type="button" onClick={() => setCents(99)}>
        reset
      </button>
    </>
  );
}

describe('MoneyInput', () => {
  it('converts text and cents', () => {
    expect(centsToDisplay(123450)).toBe('1,234.50');
    expect(centsToDisplay(null)).toBe('');
    expect(textToCents('1,234.5')).toBe(123450);
    expect(textToCents('$20')).toBe(2000);
    expect(textToCents('12,34.50')).toBe(123450);
    expect(textToCents('')).toBeNull();
    expect(textToCents('abc')).toBeNaN();
  });

  it('keeps cents in form state and shows the grouped amount after blur', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toBeRequired();
    await user.type(input, '1234.5');
    expect(screen.getByTestId('cents')).toHaveTextContent('123450');
    await user.tab();
    expect(input).toHaveValue('1,234.50');
  });

  it('shows an initial value and follows the form when it changes', async () => {
    const user = userEvent.setup();
    render(<Harness initial={250000} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('2,500.00');
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(input).toHaveValue('0.99');
  });

  it('flags text that is not an amount (NaN in state) and shows the form error otherwise', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(input, '12abc');
    await user.tab();
    expect(screen.getByTestId('cents')).toHaveTextContent('NaN');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter an amount like 1,234.50');
    rerender(<Harness error="Amount is required" />);
    await user.clear(input);
    expect(input).toHaveAccessibleDescription('Amount is required');
  });
});
