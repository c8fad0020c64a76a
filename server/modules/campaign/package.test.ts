import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageExpiry } from '../../../domain/package-expiry';
import { PACKAGE_PRICES } from '../../../domain/packages';
import { campaignPackages } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { adminSignIn, get, post } from '../../test/auth-helpers';
import { demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('packages: prices, grants, expiry', () => {
  let t: TestApp;
  let owner: Session;
  let admin: Session;
  let rivera: string;
  const clock = new ManualClock(new Date('2026-02-01T09:00:00Z'));
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    admin = toSession(await adminSignIn(t));
    rivera = t.seeded!.secondCampaign!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const listItem = async (token: string, campaignId: string) => {
    const res = await get(t, `/campaign/list_campaign/${owner.userId}?limit=500&page=1`, token);
    return res.json().data.campaign_list.find((c: { campaign_id: string }) => c.campaign_id === campaignId);
  };

  it('prices per number of years (our own pricing, integer cents)', async () => {
    expect((await get(t, '/campaign/package/package-price/2', owner.token)).json().data).toEqual({ package_id: '2-years', years: 2, label: '2 years', price_cents: 55_000, currency: 'USD' });
    expect((await get(t, '/campaign/package/package-price/9', owner.token)).json().code).toBe('PACKAGE_NOT_FOUND');
    const list = await get(t, `/campaign/package/list-package-by-year/${rivera}`, owner.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ campaign_id: rivera, package_status: 'INACTIVE', package_list: PACKAGE_PRICES });
  });

  it('grant (platform admin only) → ACTIVE with expiry = purchase + 12 h + years; a record of the grant', async () => {
    expect((await post(t, '/campaign/package/grant_package', { campaign_id: rivera, years: 1 }, owner.token)).statusCode).toBe(403);
    expect((await post(t, '/campaign/package/grant_package', { campaign_id: rivera, years: 4 }, admin.token)).statusCode).toBe(400);
    const res = await post(t, '/campaign/package/grant_package', { campaign_id: rivera, years: 2 }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message_code).toBe('PACKAGE_GRANTED');
    const now = clock.now();
    const expected = packageExpiry(now, 2)!;
    expect(expected.toISOString()).toBe('2028-02-01T21:00:00.000Z');
    expect(await listItem(owner.token, rivera)).toMatchObject({
      package_status: 'ACTIVE',
      purchase_date: now.toISOString(),
      total_purchased_year: 2,
      is_popup_shown: 0,
      expires_at: expected.toISOString(),
    });
    const [grant] = await t.db.select().from(campaignPackages).where(eq(campaignPackages.campaignId, rivera));
    expect(grant).toMatchObject({ years: 2, source: 'grant', grantedBy: admin.userId, expiresAt: expected });
  });

  it('a grant while ACTIVE extends the term; once expired the package answers INACTIVE; a new grant starts now', async () => {
    await post(t, '/campaign/package/grant_package', { campaign_id: rivera, years: 1 }, admin.token);
    const extended = await listItem(owner.token, rivera);
    expect(extended).toMatchObject({ package_status: 'ACTIVE', total_purchased_year: 3, expires_at: '2029-02-01T21:00:00.000Z' });

    clock.set(new Date('2029-02-01T20:59:59Z'));
    const adminLater = toSession(await adminSignIn(t));
    expect((await listItem((await demoSignIn(t, 'owner')).token, rivera)).package_status).toBe('ACTIVE');
    clock.set(new Date('2029-02-01T21:00:00Z'));
    const ownerNow = await demoSignIn(t, 'owner');
    expect(await listItem(ownerNow.token, rivera)).toMatchObject({ package_status: 'INACTIVE', total_purchased_year: 3 });
    expect((await get(t, `/campaign/package/list-package-by-year/${rivera}`, ownerNow.token)).json().data.package_status).toBe('INACTIVE');

    await post(t, '/campaign/package/grant_package', { campaign_id: rivera, years: 1 }, adminLater.token);
    expect(await listItem(ownerNow.token, rivera)).toMatchObject({
      package_status: 'ACTIVE',
      purchase_date: '2029-02-01T21:00:00.000Z',
      total_purchased_year: 1,
      expires_at: '2030-02-02T09:00:00.000Z',
    });
  });
});
