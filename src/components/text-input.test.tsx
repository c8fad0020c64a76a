import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('ties the label to the input', () => {
    render(<TextInput label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAttribute('type', 'text');
  });

  it('marks required fields with a hidden asterisk and the required attribute', () => {
    const { container } = render(<TextInput label="Email" required />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    const asterisk = container.querySelector('label span');
    expect(asterisk).toHaveTextContent('*');
    expect(asterisk).toHaveAttribute('aria-hidden', 'true');
  });

  it('exposes the error through aria-invalid and aria-describedby', () => {
    render(<TextInput label="Email" error="Email is required" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required');
  });

  it('has no error state without an error', () => {
    render(<TextInput label="Email" />);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-describedby');
  });

  it('shows and hides a password', async () => {
    const user = userEvent.setup();
    render(<TextInput label="Password" type="password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('supports file inputs', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextInput label="Picture" type="file" accept="image/*" onChange={onChange} />);
    const input = screen.getByLabelText<HTMLInputElement>('Picture');
    expect(input).toHaveAttribute('type', 'file');
    await user.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(input.files?.[0]?.name).toBe('me.png');
    expect(onChange).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Show password' })).toBeNull();
  });
});
