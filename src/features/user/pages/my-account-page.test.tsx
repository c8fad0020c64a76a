import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { readImageSize } from '../../../lib/image-size';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.mock('../../../lib/image-size', () => ({ readImageSize: vi.fn() }));
const imageSize = vi.mocked(readImageSize);

const puts: unknown[] = [];
const uploads: { name: string | null; type: string | null }[] = [];
let failPut = false;
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView({ name: 'Jane', phone: null }) })),
  http.put('*/auth/users/:id', async ({ request }) => {
    const body = (await request.json()) as { name: string; profile_picture?: string };
    puts.push(body);
    if (failPut) return HttpResponse.json({ code: 'SOMETHING_WENT_WRONG', message: 'x' }, { status: 500 });
    return HttpResponse.json({ data: userView({ name: body.name, profile_picture: body.profile_picture ?? null }), message_code: 'PROFILE_UPDATED' });
  }),
  http.post('*/auth/users/:id/profile_picture', async ({ request }) => {
    const file = (await request.formData()).get('file') as { name?: string; type?: string } | string | null;
    uploads.push({ name: typeof file === 'object' ? (file?.name ?? null) : null, type: typeof file === 'object' ? (file?.type ?? null) : null });
    return HttpResponse.json({ data: { profile_picture: 'profile-pictures/u-1/avatar.png' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  server.resetHandlers();
  puts.length = 0;
  uploads.length = 0;
  failPut = false;
  imageSize.mockReset();
});
afterAll(() => server.close());

async function openMyAccount(options: Parameters<typeof userEvent.setup>[0] = {}) {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  const user = userEvent.setup(options);
  const result = renderApp('/my-account');
  await screen.findByRole('heading', { level: 1, name: 'My Account' });
  const name = screen.getByLabelText(/^Name/);
  await waitFor(() => expect(name).toHaveValue('Jane'));
  return { user, name, ...result };
}

function image(name: string, type: string, bytes = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

describe('my account: name', () => {
  it('loads the current user and shows e-mail and phone', async () => {
    const { store } = await openMyAccount();
    expect(store.getState().user.userId).toBe(TEST_USER.userId);
    expect(screen.getByText('jane@example.org')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change mobile number' })).toBeInTheDocument();
  });

  it('caps the input at 36 characters and validates on change (≤ 35, letters and spaces, required)', async () => {
    const { user, name } = await openMyAccount();
    expect(name).toHaveAttribute('maxlength', '36');

    await user.clear(name);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await user.type(name, 'A'.repeat(40));
    expect(name).toHaveValue('A'.repeat(36));
    expect(await screen.findByText('Name should be less then 35 character')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'A'.repeat(35));
    await waitFor(() => expect(screen.queryByText('Name should be less then 35 character')).toBeNull());

    await user.clear(name);
    await user.type(name, 'Jane_Roe');
    expect(await screen.findByText('Name does not support special characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('validates on blur too', async () => {
    const { user, name } = await openMyAccount();
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });

  it('saves the name: PUT with is_profile_updated 1, success toast, user slice updated', async () => {
    const { user, name, store } = await openMyAccount();
    await user.clear(name);
    await user.type(name, 'Janet Roe');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile info updated successfully')).toBeInTheDocument();
    expect(puts).toEqual([{ name: 'Janet Roe', is_profile_updated: 1 }]);
    expect(store.getState().user.name).toBe('Janet Roe');
  });

  it('says "Something went wrong!" when saving fails', async () => {
    failPut = true;
    const { user } = await openMyAccount();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
  });
});

describe('my account: profile picture checks', () => {
  it('rejects a file that is not an image', async () => {
    const { user } = await openMyAccount({ applyAccept: false });
    await user.upload(screen.getByLabelText(/^Profile picture/), image('notes.pdf', 'application/pdf'));
    expect(await screen.findByText('Please select an image')).toBeInTheDocument();
    expect(imageSize).not.toHaveBeenCalled();
  });

  it('rejects an image over 5 MB', async () => {
    const { user } = await openMyAccount();
    await user.upload(screen.getByLabelText(/^Profile picture/), image('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('Please select an image less than 5MB')).toBeInTheDocument();
  });

  it('rejects an image smaller than 200×200', async () => {
    imageSize.mockResolvedValue({ width: 300, height: 199 });
    const { user } = await openMyAccount();
    await user.upload(screen.getByLabelText(/^Profile picture/), image('small.png', 'image/png'));
    expect(await screen.findByText("Image width and height can't be less than 200X200")).toBeInTheDocument();
  });

  it('sends a larger image to the cropping modal', async () => {
    imageSize.mockResolvedValue({ width: 800, height: 600 });
    const { user } = await openMyAccount();
    await user.upload(screen.getByLabelText(/^Profile picture/), image('big.png', 'image/png'));
    expect(await screen.findByRole('dialog', { name: 'Crop your picture' })).toBeInTheDocument();
    expect(screen.getByLabelText('Zoom')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uploads a 200×200 image (sanitised name) and saves it with the name', async () => {
    imageSize.mockResolvedValue({ width: 200, height: 200 });
    // jsdom + msw lose the multipart file name on the way; read it where the SPA sets it.
    const append = vi.spyOn(FormData.prototype, 'append');
    const { user, store } = await openMyAccount();
    await user.upload(screen.getByLabelText(/^Profile picture/), image('My face (1).png', 'image/png'));
    expect(await screen.findByText('New picture selected: save to keep it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile picture and profile info updated successfully')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0].type).toBe('image/png');
    expect(append).toHaveBeenCalledWith('file', expect.anything(), expect.stringMatching(/^My-face-1_[a-z]{8}\.png$/));
    append.mockRestore();
    expect(puts).toEqual([{ name: 'Jane', is_profile_updated: 1, profile_picture: 'profile-pictures/u-1/avatar.png' }]);
    expect(store.getState().user.profile_picture).toBe('profile-pictures/u-1/avatar.png');
  });

  it('shows the server\'s image message when it rejects the picture', async () => {
    server.use(
      http.post('*/auth/users/:id/profile_picture', () =>
        HttpResponse.json({ code: 'IMAGE_TOO_SMALL', message: 'x', details: { width: 200, height: 200 } }, { status: 422 }),
      ),
    );
    imageSize.mockResolvedValue({ width: 200, height: 200 });
    const { user } = await openMyAccount();
    await user.upload(screen.getByLabelText(/^Profile picture/), image('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("Image width and height can't be less than 200X200")).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('sends a 200×200 image of a type the server does not store (BMP) through the cropper', async () => {
    imageSize.mockResolvedValue({ width: 200, height: 200 });
    const { user } = await openMyAccount();
    await user.upload(screen.getByLabelText(/^Profile picture/), image('old.bmp', 'image/bmp'));
    expect(await screen.findByRole('dialog', { name: 'Crop your picture' })).toBeInTheDocument();
  });

  it('saves nothing and says so when the upload is refused', async () => {
    server.use(http.post('*/auth/users/:id/profile_picture', () => HttpResponse.json({ code: 'SOMETHING_WENT_WRONG', message: 'x' }, { status: 500 })));
    imageSize.mockResolvedValue({ width: 200, height: 200 });
    const { user } = await openMyAccount();
    await user.upload(screen.getByLabelText(/^Profile picture/), image('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });
});

describe('my account: password and addresses', () => {
  it('changes the password', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/auth/authentication/change_password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: null, message_code: 'PASSWORD_RESET_SUCCESS' });
      }),
    );
    const { user } = await openMyAccount();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Old password/), 'oldpass1');
    await user.type(screen.getByLabelText(/^New password/), 'newpass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password reset successful')).toBeInTheDocument();
    expect(body).toEqual({ old_password: 'oldpass1', new_password: 'newpass1' });
  });

  it('changes the e-mail with a code', async () => {
    const requests: unknown[] = [];
    server.use(
      http.post('*/auth/authentication/verify_user_attribute', async ({ request }) => {
        const body = (await request.json()) as { code?: string; value: string };
        requests.push(body);
        if (!body.code) return HttpResponse.json({ data: { destination: 'n***@example.org', resend_in: 60 }, message_code: 'NEW_CONFIRMATION_SENT' });
        return HttpResponse.json({ data: userView({ email: body.value }), message_code: 'PROFILE_UPDATED' });
      }),
    );
    const { user, store } = await openMyAccount();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await user.type(await screen.findByLabelText(/^New email/), 'new@example.org');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/Verification code/), '135790');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Profile info updated successfully')).toBeInTheDocument();
    expect(requests).toEqual([
      { attribute: 'email', value: 'new@example.org' },
      { attribute: 'email', value: 'new@example.org', code: '135790' },
    ]);
    expect(store.getState().user.email).toBe('new@example.org');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
