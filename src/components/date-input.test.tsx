import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateInput, typedDateToIso } from './date-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput label="Payment date" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DateInput', () => {
  it('reads DD-MM-YYYY into ISO days', () => {
    expect(typedDateToIso('04-03-2025')).toBe('2025-03-04');
    expect(typedDateToIso('4/3/2025')).toBe('2025-03-04');
    expect(typedDateToIso('31-02-2025')).toBeNull();
    expect(typedDateToIso('')).toBe('');
  });

  it('shows the ISO value as DD-MM-YYYY and keeps ISO in state', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2025-01-15" />);
    const input = screen.getByRole('textbox', { name: 'Payment date' });
    expect(input).toHaveValue('15-01-2025');
    await user.clear(input);
    await user.type(input, '1-2-2025');
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('2025-02-01');
    expect(input).toHaveValue('01-02-2025');
  });

  it('flags a day that does not exist', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Payment date' });
    await user.type(input, '30-02-2025');
    await user.tab();
    expect(input).toHaveAccessibleDescription('Enter a date as DD-MM-YYYY');
    expect(screen.getByTestId('value')).toHaveTextContent('30-02-2025');
  });

  it('keeps the typed text when the parent takes only real days, and says which changes are days', async () => {
    const user = userEvent.setup();
    const handed: [string, boolean][] = [];
    function OnlyDays() {
      const [value, setValue] = useState('');
      return (
        <>
          <DateInput
            label="From"
            value={value}
            onChange={(next, isDate) => {
              handed.push([next, isDate]);
              if (isDate) setValue(next);
            }}
          />
          <output data-testid="value">{value}</output>
        </>
      );
    }
    render(<OnlyDays />);
    const input = screen.getByRole('textbox', { name: 'From' });
    await user.type(input, '15-09-202');
    expect(input).toHaveValue('15-09-202');
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
    await user.type(input, '6');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-09-15');
    expect(handed.at(-2)).toEqual(['15-09-202', false]);
    expect(handed.at(-1)).toEqual(['2026-09-15', true]);
    await user.clear(input);
    expect(handed.at(-1)).toEqual(['', true]);
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
  });
});
