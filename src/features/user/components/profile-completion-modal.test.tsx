import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

const puts: unknown[] = [];
let profileUpdated: 0 | 1 = 0;
let failPut = false;
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView({ name: '', last_name: '', is_profile_updated: profileUpdated }) })),
  http.put('*/auth/users/:id', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    puts.push(body);
    if (failPut) return HttpResponse.json({ code: 'SOMETHING_WENT_WRONG', message: 'x' }, { status: 500 });
    return HttpResponse.json({ data: userView({ name: body.name, is_profile_updated: 1 }), message_code: 'PROFILE_UPDATED' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  puts.length = 0;
  profileUpdated = 0;
  failPut = false;
});
afterAll(() => server.close());

function open() {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp('/dashboard');
}

describe('profile-completion modal', () => {
  it('opens when is_profile_updated is 0 and saves the name', async () => {
    const user = userEvent.setup();
    const { store } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Complete your profile' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveAttribute('maxlength', '36');

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Jane 2');
    expect(await within(dialog).findByText('Name does not support special characters')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Jane Roe');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile info updated successfully')).toBeInTheDocument();
    expect(puts).toEqual([{ name: 'Jane Roe', is_profile_updated: 1 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().user).toMatchObject({ name: 'Jane Roe', is_profile_updated: 1 });
  });

  it('keeps the modal open and says "Something went wrong!" when saving fails', async () => {
    failPut = true;
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Complete your profile' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Jane');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Complete your profile' })).toBeInTheDocument();
  });

  it('does not open for a completed profile', async () => {
    profileUpdated = 1;
    const { store } = open();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(store.getState().user.userId).toBe(TEST_USER.userId));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
