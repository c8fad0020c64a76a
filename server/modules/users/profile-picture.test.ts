import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigninData } from '../../../domain/auth/api-contract';
import { activeUser, get, put } from '../../test/auth-helpers';
import { IMAGE_DIMENSIONS_MESSAGE, multipartParts, pngBomb } from '../../test/image-upload-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { multipart, png } from '../../test/upload-helpers';

describe('POST /auth/users/:id/profile_picture', () => {
  let t: TestApp;
  let storageDir: string;
  let alice: SigninData & { userId: string };
  let bob: SigninData & { userId: string };

  beforeAll(async () => {
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'cdt-uploads-'));
    t = await buildTestApp({ config: { storageDir } });
    alice = await activeUser(t, 'alice@example.org');
    bob = await activeUser(t, 'bob@example.org');
  });
  afterAll(async () => {
    await t.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const upload = (user: SigninData & { userId: string }, file: Buffer, filename: string, forId = user.userId) => {
    const body = multipart(file, filename);
    return t.app.inject({
      method: 'POST',
      url: `/auth/users/${forId}/profile_picture`,
      headers: { ...body.headers, authorization: `Bearer ${user.idToken}`, accept: 'application/json' },
      payload: body.payload,
    });
  };

  it('stores a valid image under a sanitised name with an 8-letter suffix and serves it', async () => {
    const image = png(300, 300);
    const res = await upload(alice, image, '../My photo (1)!.PNG');
    expect(res.statusCode).toBe(200);
    const key: string = res.json().data.profile_picture;
    expect(key).toMatch(new RegExp(`^profile-pictures/${alice.userId}/My-photo-1_[a-z]{8}\\.png$`));
    expect(res.json().message_code).toBe('PROFILE_UPDATED');

    const served = await t.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['cache-control']).toContain('immutable');

    const profile = await get(t, `/auth/users/${alice.userId}`, alice.idToken);
    expect(profile.json().data.profile_picture).toBe(key);
  });

  it('refuses what is not an image, whatever its name says', async () => {
    const res = await upload(alice, Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMAGE_REQUIRED', message: 'Please select an image' });
  });

  it('refuses an image smaller than 200×200 with the catalogue message', async () => {
    const res = await upload(alice, png(199, 400), 'small.png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_SMALL', message: "Image width and height can't be less than 200X200" });
  });

  it('refuses an image over 5 MB and keeps the previous picture', async () => {
    const before = (await get(t, `/auth/users/${alice.userId}`, alice.idToken)).json().data.profile_picture;
    const res = await upload(alice, png(400, 400, 5 * 1024 * 1024), 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: 'Please select an image less than 5MB' });
    expect((await get(t, `/auth/users/${alice.userId}`, alice.idToken)).json().data.profile_picture).toBe(before);
  });

  it('refuses a 20000×20000 PNG (380 KB on disk, hundreds of MB decoded) from its header, and keeps the picture', async () => {
    const before = (await get(t, `/auth/users/${alice.userId}`, alice.idToken)).json().data.profile_picture;
    const res = await upload(alice, pngBomb(), 'bomb.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'IMAGE_DIMENSIONS_TOO_LARGE',
      message: IMAGE_DIMENSIONS_MESSAGE,
      details: { width: 4096, height: 4096, max_pixels: 4096 * 4096 },
    });
    expect((await upload(alice, png(4097, 300), 'wide.png')).json().code).toBe('IMAGE_DIMENSIONS_TOO_LARGE');
    expect((await upload(alice, png(4096, 4096), 'edge.png')).statusCode).toBe(200);
    expect((await get(t, `/auth/users/${alice.userId}`, alice.idToken)).json().data.profile_picture).not.toBe(before);
  });

  it('accepts only the multipart field "file": another field, another file field or a second file is 400', async () => {
    const send = (body: ReturnType<typeof multipartParts>) =>
      t.app.inject({
        method: 'POST',
        url: `/auth/users/${alice.userId}/profile_picture`,
        headers: { ...body.headers, authorization: `Bearer ${alice.idToken}`, accept: 'application/json' },
        payload: body.payload,
      });
    const image = png(300, 300);
    const cases = [
      [{ name: 'avatar', filename: 'a.png', value: image }],
      [{ name: 'note', value: 'hello' }, { name: 'file', filename: 'a.png', value: image }],
      [{ name: 'file', filename: 'a.png', value: image }, { name: 'note', value: 'hello' }],
      [{ name: 'file', filename: 'a.png', value: image }, { name: 'file', filename: 'b.png', value: image }],
    ];
    for (const parts of cases) {
      const res = await send(multipartParts(parts));
      expect(res.statusCode, JSON.stringify(parts.map((p) => p.name))).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String), details: { in: 'body' } });
    }
    expect((await send(multipartParts([{ name: 'file', filename: 'a.png', value: image }]))).statusCode).toBe(200);
  });

  it('PUT /auth/users/:id takes only a picture key the upload issued for that user (null or empty removes it)', async () => {
    const key: string = (await upload(alice, png(300, 300), 'mine.png')).json().data.profile_picture;
    const bobKey: string = (await upload(bob, png(300, 300), 'bob.png')).json().data.profile_picture;
    const refused = [
      'https://tracker.example.com/pixel.gif?u=alice',
      'javascript:alert(document.cookie)',
      'data:image/svg+xml;base64,PHN2Zy8+',
      '//evil.example.com/a.png',
      bobKey,
      `profile-pictures/${alice.userId}/../../secret.key`,
      `profile-pictures/${alice.userId}/never-uploaded_abcdefgh.png`,
      'profiles/alice.png',
    ];
    for (const profile_picture of refused) {
      const res = await put(t, `/auth/users/${alice.userId}`, { name: 'Alice', profile_picture }, alice.idToken);
      expect(res.statusCode, profile_picture).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Please check the highlighted fields',
        details: { in: 'body', fields: { profile_picture: 'Profile picture must be an image uploaded for this account' } },
      });
    }
    expect((await get(t, `/auth/users/${alice.userId}`, alice.idToken)).json().data.profile_picture).toBe(key);

    const older = (await upload(alice, png(300, 300), 'older.png')).json().data.profile_picture as string;
    const back = await put(t, `/auth/users/${alice.userId}`, { name: 'Alice', profile_picture: key }, alice.idToken);
    expect([back.statusCode, back.json().data.profile_picture]).toEqual([200, key]);
    expect(older).not.toBe(key);
    const same = await put(t, `/auth/users/${alice.userId}`, { name: 'Alice', profile_picture: key }, alice.idToken);
    expect(same.statusCode).toBe(200);
    const removed = await put(t, `/auth/users/${alice.userId}`, { name: 'Alice', profile_picture: null }, alice.idToken);
    expect([removed.statusCode, removed.json().data.profile_picture]).toEqual([200, null]);
  });

  it("refuses to set someone else's picture, and anonymous uploads", async () => {
    const res = await upload(bob, png(300, 300), 'me.png', alice.userId);
    expect(res.statusCode).toBe(403);
    const body = multipart(png(300, 300), 'me.png');
    const anonymous = await t.app.inject({ method: 'POST', url: `/auth/users/${alice.userId}/profile_picture`, headers: body.headers, payload: body.payload });
    expect(anonymous.statusCode).toBe(401);
  });
});
