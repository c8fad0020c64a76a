import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { detectLanguages } from '../../../lib/language-detector';
import { renderApp } from '../../../test/render-app';

describe('sign-in page: language choice', () => {
  it('shows the sign-in page in Bengali once বাংলা is chosen, and keeps the choice where the detector reads it', async () => {
    const user = userEvent.setup();
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect(picker).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'বাংলা' })).toHaveAttribute('lang', 'bn');

    await user.selectOptions(picker, 'bn');

    expect(await screen.findByRole('heading', { level: 1, name: 'সাইন ইন' })).toBeInTheDocument();
    expect(screen.getByLabelText(/ই-মেইল/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'কোড পাঠান' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'ভাষা' })).toHaveValue('bn');
    expect(document.documentElement).toHaveAttribute('lang', 'bn');
    expect(localStorage.getItem('i18nextLng')).toBe('bn');
    // After a reload the detector finds it before the browser's own languages.
    expect(detectLanguages().indexOf('bn')).toBeLessThan(detectLanguages().indexOf(navigator.language));

    await user.selectOptions(screen.getByRole('combobox', { name: 'ভাষা' }), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });
});
