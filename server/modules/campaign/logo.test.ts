import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSignIn, get, post } from '../../test/auth-helpers';
import { addMember, campaignBody, createCampaign, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { IMAGE_DIMENSIONS_MESSAGE, multipartParts, pngBomb } from '../../test/image-upload-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { multipart, png } from '../../test/upload-helpers';

describe('POST /campaign/upload_logo/:campaignId', () => {
  let t: TestApp;
  let storageDir: string;
  let owner: Session;
  let staff: Session;
  let id: string;
  let otherId: string;

  beforeAll(async () => {
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'cdt-logos-'));
    t = await buildTestApp({ seed: true, config: { storageDir } });
    owner = await demoSignIn(t, 'owner');
    staff = await demoSignIn(t, 'staff');
    id = (await createCampaign(t, owner.token, { campaign_name: 'Logo Campaign' })).campaign_id;
    otherId = (await createCampaign(t, owner.token, { campaign_name: 'Other Logo Campaign' })).campaign_id;
    await addMember(t, id, staff.userId, 'staff');
  });
  afterAll(async () => {
    await t.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const upload = (token: string, file: Buffer, filename: string, campaignId = id) => {
    const body = multipart(file, filename);
    return t.app.inject({
      method: 'POST',
      url: `/campaign/upload_logo/${campaignId}`,
      headers: { ...body.headers, authorization: `Bearer ${token}`, accept: 'application/json' },
      payload: body.payload,
    });
  };

  it('stores the image under campaign-logos/<id>/, sets the logo and serves it (a pending campaign too)', async () => {
    const image = png(64, 32);
    const res = await upload(owner.token, image, 'Our Logo!.png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Campaign logo updated successfully', message_code: 'CAMPAIGN_LOGO_UPDATED' });
    const key: string = res.json().data.logo;
    expect(key).toMatch(new RegExp(`^campaign-logos/${id}/Our-Logo_[a-z]{8}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect((await get(t, `/campaign/get_campaign/${id}`, owner.token)).json().data.logo).toBe(key);
  });

  it('refuses what is not an image and images over 5 MB, with the SPEC messages', async () => {
    const notImage = await upload(owner.token, Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png');
    expect([notImage.statusCode, notImage.json()]).toEqual([400, { code: 'IMAGE_REQUIRED', message: 'Please select an image' }]);
    const big = await upload(owner.token, png(400, 400, 5 * 1024 * 1024), 'big.png');
    expect([big.statusCode, big.json()]).toEqual([413, { code: 'IMAGE_TOO_LARGE', message: 'Please select an image less than 5MB' }]);
    const json = await post(t, `/campaign/upload_logo/${id}`, { file: 'x' }, owner.token);
    expect(json.json()).toMatchObject({ code: 'IMAGE_REQUIRED' });
  });

  it('refuses a 20000×20000 PNG from its header (400, the logo stays), and any field but "file"', async () => {
    const before: string = (await get(t, `/campaign/get_campaign/${id}`, owner.token)).json().data.logo;
    const bomb = await upload(owner.token, pngBomb(), 'bomb.png');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({ code: 'IMAGE_DIMENSIONS_TOO_LARGE', message: IMAGE_DIMENSIONS_MESSAGE });
    expect((await upload(owner.token, png(64, 5000), 'tall.png')).json().code).toBe('IMAGE_DIMENSIONS_TOO_LARGE');
    expect((await get(t, `/campaign/get_campaign/${id}`, owner.token)).json().data.logo).toBe(before);

    const body = multipartParts([{ name: 'logo', filename: 'logo.png', value: png(64, 32) }]);
    const otherField = await t.app.inject({
      method: 'POST',
      url: `/campaign/upload_logo/${id}`,
      headers: { ...body.headers, authorization: `Bearer ${owner.token}`, accept: 'application/json' },
      payload: body.payload,
    });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { logo: expect.any(String) } } });
    // A normal small PNG still works.
    expect((await upload(owner.token, png(64, 32), 'small.png')).statusCode).toBe(200);
  });

  it('staff (no campaign.write) and non-members are refused', async () => {
    expect((await upload(staff.token, png(10, 10), 'x.png')).statusCode).toBe(403);
    const admin = toSession(await adminSignIn(t));
    expect((await upload(admin.token, png(10, 10), 'x.png')).json()).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });
  });

  it("update_campaign takes only the campaign's own logo keys, and null removes the logo", async () => {
    const key: string = (await get(t, `/campaign/get_campaign/${id}`, owner.token)).json().data.logo;
    const foreign = await post(t, '/campaign/update_campaign', { campaign_id: otherId, logo: key }, owner.token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { logo: 'Logo must be an image uploaded for this campaign' } } });
    const traversal = await post(t, '/campaign/update_campaign', { campaign_id: id, logo: `campaign-logos/${id}/../../secret.key` }, owner.token);
    expect(traversal.statusCode).toBe(400);
    expect((await post(t, '/campaign/update_campaign', { campaign_id: id, logo: key }, owner.token)).statusCode).toBe(200);
    const removed = await post(t, '/campaign/update_campaign', { campaign_id: id, logo: null }, owner.token);
    expect(removed.json().data.logo).toBeNull();
    const created = await post(t, '/campaign/create_campaign', campaignBody({ logo: key }), owner.token);
    expect(created.statusCode).toBe(400);
  });
});
