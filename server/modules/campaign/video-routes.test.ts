/**
 * The campaign video on a real database, as API clients see it: the owner or a manager sends an
 * .mp4/.m4v straight to storage through the signed URL, sets it, and anonymous donors get its URL in
 * the giving page's data and play it (Range requests answered 206); checks of type, content and size;
 * replace and remove; staff and other campaigns refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_VIDEO_PATHS as V, deleteVideoUrl, getVideoUrl, type CampaignVideo } from '../../../domain/campaign-video';
import { CAMPAIGN_VIDEO_USE } from '../../../domain/file-signature';
import type { PresignedUrlData } from '../../../domain/imports/api-contract';
import { givingPageUrl, type GivingPage } from '../../../domain/payments/api-contract';
import { activeUser, get, post } from '../../test/auth-helpers';
import { createCampaign, del, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { localPath } from '../../test/import-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const MB = 1024 * 1024;

/** An ISO base media file: a 'ftyp' box (brand `brand`), then bytes that differ along the file. */
function mp4(size = 4096, brand = 'isom'): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7) % 251;
  bytes.writeUInt32BE(24, 0);
  bytes.write(`ftyp${brand}`, 4, 'ascii');
  return bytes;
}

describe('campaign video', () => {
  let t: TestApp;
  let campaignId: string;
  let slug: string;
  let owner: Session;
  let manager: Session;
  let staff: Session;
  let outsider: Session;
  let otherCampaign: string;

  const presign = (fileName: string, size: number, token = owner.token, campaign = campaignId) => post(t, V.presignedUrl, { campaign_id: campaign, file_name: fileName, file_size: size }, token);

  const upload = async (fileName: string, bytes: Buffer, token = owner.token): Promise<string> => {
    const res = await presign(fileName, bytes.length, token);
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json().data as PresignedUrlData;
    const put = await t.app.inject({ method: 'PUT', url: localPath(signed.url), headers: signed.headers, payload: bytes });
    expect(put.statusCode, put.body).toBe(201);
    return signed.key;
  };

  const setVideo = (key: string, fileName: string, token = owner.token, campaign = campaignId) => post(t, V.setVideo, { campaign_id: campaign, file_key: key, file_name: fileName }, token);

  const givingPage = async (): Promise<GivingPage> => {
    const res = await t.app.inject({ method: 'GET', url: givingPageUrl(slug), headers: { accept: 'application/json' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as GivingPage;
  };

  /** Anonymous, as the public page's <video> asks. */
  const watch = (url: string, range?: string) => t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    campaignId = t.seeded!.demoCampaign!.id;
    slug = t.seeded!.demoCampaign!.slug;
    owner = await demoSignIn(t, 'owner');
    manager = await demoSignIn(t, 'manager');
    staff = await demoSignIn(t, 'staff');
    outsider = toSession(await activeUser(t, 'video-outsider@example.org'));
    otherCampaign = (await createCampaign(t, outsider.token, { campaign_name: 'Other Video Campaign' })).campaign_id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('uploads through the signed URL, sets the video, shows it in the giving page data, and streams it to anyone with Range support', async () => {
    expect((await givingPage()).video_url).toBeNull();
    const bytes = mp4(10_000);
    const key = await upload('Meet the candidate.mp4', bytes);
    const res = await setVideo(key, 'Meet the candidate.mp4');
    expect(res.statusCode, res.body).toBe(200);
    const video = res.json().data as CampaignVideo;
    expect(video).toEqual({
      video_id: expect.any(String),
      file_name: 'Meet the candidate.mp4',
      file_size: 10_000,
      content_type: 'video/mp4',
      url: `/campaign/public_video/${video.video_id}`,
      uploaded_by: { id: owner.userId, name: expect.any(String) },
      created_at: expect.any(String),
    });
    expect((await get(t, getVideoUrl(campaignId), staff.token)).json().data).toEqual(video);
    expect((await givingPage()).video_url).toBe(video.url);

    const whole = await watch(video.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': '10000' });
    const head = await t.app.inject({ method: 'HEAD', url: video.url });
    expect([head.statusCode, head.headers['content-length'], head.headers['accept-ranges'], head.body]).toEqual([200, '10000', 'bytes', '']);
    const first = await watch(video.url, 'bytes=0-99');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-99/10000');
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    const middle = await watch(video.url, 'bytes=5000-');
    expect([middle.statusCode, middle.headers['content-range'], middle.rawPayload.equals(bytes.subarray(5000))]).toEqual([206, 'bytes 5000-9999/10000', true]);
    const tail = await watch(video.url, 'bytes=-10');
    expect([tail.statusCode, tail.rawPayload.equals(bytes.subarray(9990))]).toEqual([206, true]);
    const past = await watch(video.url, 'bytes=10000-');
    expect([past.statusCode, past.json().code, past.headers['content-range']]).toEqual([416, 'RANGE_NOT_SATISFIABLE', 'bytes */10000']);
    expect((await watch('/campaign/public_video/00000000-0000-4000-8000-000000000000')).json().code).toBe('VIDEO_NOT_FOUND');
    expect((await watch('/campaign/public_video/not-a-uuid')).statusCode).toBe(400);
  });

  it('500 MB and .mp4/.m4v only, checked by name at presign and by content once stored (415, file deleted)', async () => {
    expect(CAMPAIGN_VIDEO_USE.maxBytes).toBe(500 * MB);
    const big = await presign('long.mp4', 500 * MB + 1);
    expect([big.statusCode, big.json().code, big.json().message]).toEqual([413, 'FILE_TOO_LARGE', 'The file is larger than 500 MB']);
    expect((await presign('long.m4v', 500 * MB)).statusCode).toBe(200);
    for (const name of ['clip.avi', 'clip.mov', 'clip.webm', 'clip']) {
      const res = await presign(name, 1000);
      expect([res.statusCode, res.json().code, res.json().message], name).toEqual([415, 'FILE_TYPE_NOT_ALLOWED', 'This type of file is not accepted; accepted types: .mp4, .m4v']);
    }
    for (const [name, bytes] of [
      ['renamed.mp4', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500)])],
      ['program.m4v', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500)])],
      ['photo.mp4', mp4(600, 'heic')],
    ] as const) {
      const key = await upload(name, bytes);
      const res = await setVideo(key, name);
      expect([res.statusCode, res.json().code], name).toEqual([415, 'FILE_CONTENT_MISMATCH']);
      expect(await t.app.privateStorage.stat(key), name).toBeNull();
    }
    // An .m4v is an MPEG-4 video too.
    const m4v = await setVideo(await upload('clip.m4v', mp4(2048, 'M4V ')), 'clip.m4v');
    expect([m4v.statusCode, (m4v.json().data as CampaignVideo).content_type]).toEqual([200, 'video/mp4']);
  });

  it('a manager replaces it: the old URL stops answering and its file is deleted; Remove takes it off the page', async () => {
    const first = (await setVideo(await upload('first.mp4', mp4(3000)), 'first.mp4')).json().data as CampaignVideo;
    const firstKey = (await t.pool.query<{ file_key: string }>('select file_key from campaign_videos where campaign_id = $1', [campaignId])).rows[0]!.file_key;
    const second = await setVideo(await upload('second.mp4', mp4(5000), manager.token), 'second.mp4', manager.token);
    expect(second.statusCode, second.body).toBe(200);
    const replaced = second.json().data as CampaignVideo;
    expect(replaced.video_id).not.toBe(first.video_id);
    expect((await watch(first.url)).statusCode).toBe(404);
    expect(await t.app.privateStorage.stat(firstKey)).toBeNull();
    expect((await watch(replaced.url)).statusCode).toBe(200);
    expect((await givingPage()).video_url).toBe(replaced.url);

    const removed = await del(t, deleteVideoUrl(campaignId), manager.token);
    expect([removed.statusCode, removed.json().data]).toEqual([200, { removed: true }]);
    expect((await givingPage()).video_url).toBeNull();
    expect((await watch(replaced.url)).statusCode).toBe(404);
    expect((await get(t, getVideoUrl(campaignId), owner.token)).json().data).toBeNull();
    expect((await del(t, deleteVideoUrl(campaignId), owner.token)).json().data).toEqual({ removed: false });
  });

  it('staff (no campaign.write) cannot upload, set or remove it; another campaign cannot use this one’s file', async () => {
    expect((await presign('x.mp4', 1000, staff.token)).statusCode).toBe(403);
    const key = await upload('mine.mp4', mp4(1000));
    expect((await setVideo(key, 'mine.mp4', staff.token)).statusCode).toBe(403);
    expect((await del(t, deleteVideoUrl(campaignId), staff.token)).statusCode).toBe(403);
    // The other campaign's owner: not a member here, and this campaign's key is unknown in theirs.
    expect((await setVideo(key, 'mine.mp4', outsider.token)).statusCode).toBe(404);
    const stolen = await setVideo(key, 'mine.mp4', outsider.token, otherCampaign);
    expect([stolen.statusCode, stolen.json().code]).toEqual([404, 'UPLOAD_FILE_MISSING']);
    expect(await t.app.privateStorage.stat(key)).not.toBeNull();
  });
});
