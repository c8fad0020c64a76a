import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpCallListData, FollowUpListData } from '../../../domain/donor-book/follow-up-contract';
import { campaigns, donorContacts, outbox } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { activeUser, get, post } from '../../test/auth-helpers';
import { demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, auditOf, customCampaign, getJson, P, path } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('follow-up: list, calls, reminders, next payment', () => {
  let t: TestApp;
  let owner: Session;
  let outsider: Session;
  let campaignId: string;
  let otherCampaignId: string;
  let slug: string;
  const ids: Record<string, string> = {};
  const pledgeIds: Record<string, string> = {};
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  const followUp = async (query = '') => {
    const res = await getJson(t, `${path(P.followUpList, { campaignId })}?${query}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as FollowUpListData;
  };
  const names = (data: FollowUpListData) => data.follow_up_list.map((r) => r.donor_name);

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    campaignId = await customCampaign(t, owner.token);
    slug = (await t.db.select({ slug: campaigns.slug }).from(campaigns).where(eq(campaigns.id, campaignId)))[0]!.slug;
    outsider = toSession(await activeUser(t, 'follow-up-outsider@example.org'));
    otherCampaignId = await customCampaign(t, outsider.token);
    const donor = async (key: string, overrides: Record<string, unknown>) => (ids[key] = (await addDonor(t, owner.token, campaignId, overrides)).donor_id);
    await donor('overdue', { name: 'Olive Overdue', donor_email: 'olive@example.org', donor_phone: '2125552001' });
    await donor('soon', { name: 'Sam Soon', donor_email: 'sam@example.org', donor_phone: null });
    await donor('later', { name: 'Lara Later', donor_email: null, donor_phone: '2125552003' });
    await donor('paid', { name: 'Paula Paid' });
    await donor('gone', { name: 'Gus Gone' });
    await donor('none', { name: 'Nina None', donor_email: null, donor_phone: null });
    pledgeIds.overdue = (
      await addPledge(t, owner.token, campaignId, ids.overdue!, {
        commitment_date: '2025-05-01',
        commitment_amount_cents: 30_000,
        instalments: [
          { due_date: '2025-06-01', amount_cents: 10_000 },
          { due_date: '2025-07-01', amount_cents: 20_000 },
        ],
      })
    ).pledge_id;
    await addDonation(t, owner.token, campaignId, ids.overdue!, { paid_amount_cents: 4_000, pledge_id: pledgeIds.overdue });
    pledgeIds.soon = (await addPledge(t, owner.token, campaignId, ids.soon!, { commitment_date: '2025-06-18', commitment_amount_cents: 5_000 })).pledge_id;
    await addPledge(t, owner.token, campaignId, ids.later!, { commitment_date: '2025-08-01', commitment_amount_cents: 50_000 });
    const paid = await addPledge(t, owner.token, campaignId, ids.paid!, { commitment_amount_cents: 2_000 });
    await addDonation(t, owner.token, campaignId, ids.paid!, { paid_amount_cents: 2_000, pledge_id: paid.pledge_id });
    const gone = await addPledge(t, owner.token, campaignId, ids.gone!, { commitment_amount_cents: 2_000 });
    expect((await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: gone.pledge_id, reason: 'Gone' }, owner.token)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('follow_up_list: donors who still owe, next payment by the app clock, totals; paid, written-off and pledge-less donors are absent', async () => {
    const data = await followUp();
    expect(names(data)).toEqual(['Olive Overdue', 'Sam Soon', 'Lara Later']);
    expect(data).toMatchObject({ total: 3, totals: { remaining_cents: 26_000 + 5_000 + 50_000 } });
    expect(data.follow_up_list[0]).toEqual({
      donor_id: ids.overdue,
      donor_name: 'Olive Overdue',
      donor_phone: '2125552001',
      donor_email: 'olive@example.org',
      pledged_cents: 30_000,
      paid_cents: 4_000,
      remaining_cents: 26_000,
      next_payment_date: '2025-06-01',
      next_payment_amount_cents: 6_000,
      last_call_at: null,
      last_call_outcome: null,
      next_call_date: null,
      last_reminder_at: null,
    });
    expect(names(await followUp('due=overdue'))).toEqual(['Olive Overdue']);
    expect(names(await followUp('due=this_week'))).toEqual(['Olive Overdue', 'Sam Soon']);
    clock.set(new Date('2025-07-02T09:00:00Z'));
    try {
      const july = await demoSignIn(t, 'owner'); // the June session's tokens have expired by July
      const later = (await getJson(t, `${path(P.followUpList, { campaignId })}?due=overdue`, july.token)).json().data as FollowUpListData;
      expect(names(later)).toEqual(['Olive Overdue', 'Sam Soon']);
      expect(later.follow_up_list[0]).toMatchObject({ next_payment_date: '2025-06-01', next_payment_amount_cents: 26_000 });
    } finally {
      clock.set(new Date('2025-06-15T12:00:00Z'));
    }
  });

  it('sorts, search and paging', async () => {
    expect(names(await followUp('sort=-remaining_cents'))).toEqual(['Lara Later', 'Olive Overdue', 'Sam Soon']);
    expect(names(await followUp('sort=donor_name'))).toEqual(['Lara Later', 'Olive Overdue', 'Sam Soon']);
    expect(names(await followUp('sort=-next_payment_date'))).toEqual(['Lara Later', 'Sam Soon', 'Olive Overdue']);
    expect(names(await followUp('search=sam@'))).toEqual(['Sam Soon']);
    const page = await followUp('limit=2&page=2');
    expect([names(page), page.total, page.totals.remaining_cents]).toEqual([['Lara Later'], 3, 81_000]);
    const bad = await getJson(t, `${path(P.followUpList, { campaignId })}?due=tomorrow`, owner.token);
    expect(bad.json().details.fields).toEqual({ due: 'Due must be overdue, this_week or all' });
  });

  it('add_follow_up_call: logged with who and when; the list shows the last call and the next call date; audited', async () => {
    const res = await post(t, P.addFollowUpCall, { campaign_id: campaignId, donor_id: ids.overdue, outcome: 'promised_payment', note: 'Will pay Friday', next_call_date: '2025-06-20' }, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message_code: 'CALL_LOGGED',
      data: { donor_id: ids.overdue, kind: 'call', outcome: 'promised_payment', channel: null, note: 'Will pay Friday', next_call_date: '2025-06-20', created_at: '2025-06-15T12:00:00.000Z', created_by: { user_id: owner.userId, name: 'Demo Owner' } },
    });
    const row = (await followUp()).follow_up_list.find((r) => r.donor_id === ids.overdue)!;
    expect(row).toMatchObject({ last_call_at: '2025-06-15T12:00:00.000Z', last_call_outcome: 'promised_payment', next_call_date: '2025-06-20' });
    expect(names(await followUp('sort=next_call_date'))[0]).toBe('Olive Overdue');
    expect((await auditOf(t, campaignId, 'follow_up.call_logged'))[0]!.details).toMatchObject({ entity: 'follow_up_call', entity_id: res.json().data.call_id });
    const bad = await post(t, P.addFollowUpCall, { campaign_id: campaignId, donor_id: ids.overdue, outcome: 'ghosted', next_call_date: 'soon' }, owner.token);
    expect(bad.json().details.fields).toEqual({ outcome: 'Unknown call outcome', next_call_date: 'Enter a real date as YYYY-MM-DD' });
  });

  it('send_notification: an e-mail through the outbox with what remains, the next payment and the public link; logged as a reminder', async () => {
    clock.advance(60_000);
    const res = await post(t, path(P.sendNotification, { campaignId }), { donor_id: ids.overdue, channel: 'email', message: 'See you at the rally!' }, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message_code: 'REMINDER_SENT', data: { donor_id: ids.overdue, kind: 'reminder', channel: 'email', note: 'See you at the rally!' } });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'olive@example.org'));
    expect(mail).toMatchObject({ channel: 'email', purpose: 'donor_reminder' });
    expect(mail!.subject).toContain('a reminder about your pledge');
    expect(mail!.body).toContain('Dear Olive Overdue,');
    expect(mail!.body).toContain('You have $260.00 remaining on your pledge.');
    expect(mail!.body).toContain('Your next payment of $60.00 is due on 01-06-2025.');
    expect(mail!.body).toContain('See you at the rally!');
    // A signed link to pay this pledge online (/pay-your-donation), showing what remains on it.
    const link = /http:\/\/localhost\/pay-your-donation\?token=(\S+)/.exec(mail!.body);
    expect(link, mail!.body).not.toBeNull();
    const view = await get(t, `/payment/pledge-link?token=${link![1]}`);
    expect(view.json().data, view.body).toMatchObject({ slug, donor_name: 'Olive Overdue', remaining_cents: 26_000 });
    expect((await get(t, `/payment/pledge-link?token=${link![1]}x`)).json().code).toBe('PAYMENT_LINK_INVALID');
    const [contact] = await t.db.select().from(donorContacts).where(eq(donorContacts.id, res.json().data.call_id));
    expect(contact).toMatchObject({ kind: 'reminder', channel: 'email', outboxId: mail!.id, donorId: ids.overdue });
    expect((await followUp()).follow_up_list.find((r) => r.donor_id === ids.overdue)!.last_reminder_at).toBe('2025-06-15T12:01:00.000Z');
    expect((await auditOf(t, campaignId, 'follow_up.reminder_sent'))[0]!.details).toMatchObject({ entity: 'reminder', after: { outbox_id: mail!.id, channel: 'email' } });

    const text = await post(t, path(P.sendNotification, { campaignId }), { donor_id: ids.later, channel: 'sms', message: null }, owner.token);
    expect(text.statusCode, text.body).toBe(201);
    const [sms] = await t.db.select().from(outbox).where(eq(outbox.recipient, '2125552003'));
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    expect(sms!.body).toContain('$500.00 remaining');
    expect(sms!.body).toContain('due on 01-08-2025');
  });

  it('send_notification without an address for the channel → 422 DONOR_NO_CONTACT, nothing sent or logged', async () => {
    const before = (await t.db.select().from(outbox)).length;
    const noPhone = await post(t, path(P.sendNotification, { campaignId }), { donor_id: ids.soon, channel: 'sms' }, owner.token);
    expect([noPhone.statusCode, noPhone.json().code, noPhone.json().details]).toEqual([422, 'DONOR_NO_CONTACT', { channel: 'sms' }]);
    const nothing = await post(t, path(P.sendNotification, { campaignId }), { donor_id: ids.none, channel: 'email' }, owner.token);
    expect([nothing.statusCode, nothing.json().code]).toEqual([422, 'DONOR_NO_CONTACT']);
    expect((await t.db.select().from(outbox)).length).toBe(before);
    expect(await t.db.select().from(donorContacts).where(eq(donorContacts.donorId, ids.soon!))).toEqual([]);
    const bad = await post(t, path(P.sendNotification, { campaignId }), { donor_id: ids.soon, channel: 'fax' }, owner.token);
    expect(bad.json().details.fields).toEqual({ channel: 'Channel must be email or sms' });
  });

  it('list_follow_up_call: a donor’s calls and reminders, newest first', async () => {
    const res = await getJson(t, `${path(P.listFollowUpCall, { campaignId })}?donor_id=${ids.overdue}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as FollowUpCallListData;
    expect(data.follow_up_call_list.map((c) => c.kind)).toEqual(['reminder', 'call']);
    expect(data).toMatchObject({ total: 2, page: 1, limit: 25 });
  });

  it('get-next-payment-date: the earliest payment due over the donor’s pledges, or null', async () => {
    const res = await getJson(t, path(P.nextPaymentDate, { campaignId, donorId: ids.overdue! }), owner.token);
    expect(res.json().data).toEqual({ pledge_id: pledgeIds.overdue, next_payment_date: '2025-06-01', amount_due_cents: 6_000 });
    expect((await getJson(t, path(P.nextPaymentDate, { campaignId, donorId: ids.none! }), owner.token)).json().data).toBeNull();
    expect((await getJson(t, path(P.nextPaymentDate, { campaignId, donorId: ids.paid! }), owner.token)).json().data).toBeNull();
  });

  it("tenancy: campaign B's member gets 404 for A's donors and sees none of A's follow-ups", async () => {
    const call = await post(t, P.addFollowUpCall, { campaign_id: otherCampaignId, donor_id: ids.overdue, outcome: 'reached' }, outsider.token);
    expect([call.statusCode, call.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const remind = await post(t, path(P.sendNotification, { campaignId: otherCampaignId }), { donor_id: ids.overdue, channel: 'email' }, outsider.token);
    expect([remind.statusCode, remind.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const next = await getJson(t, path(P.nextPaymentDate, { campaignId: otherCampaignId, donorId: ids.overdue! }), outsider.token);
    expect([next.statusCode, next.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    expect((await getJson(t, path(P.followUpList, { campaignId: otherCampaignId }), outsider.token)).json().data).toMatchObject({ follow_up_list: [], total: 0 });
    const calls = (await getJson(t, `${path(P.listFollowUpCall, { campaignId: otherCampaignId })}?donor_id=${ids.overdue}`, outsider.token)).json().data;
    expect(calls).toMatchObject({ follow_up_call_list: [], total: 0 });
    expect(await t.db.select().from(donorContacts).where(eq(donorContacts.campaignId, otherCampaignId))).toEqual([]);
  });

  it('send_notification also answers GET as SPEC §7 writes it (fields in the query), with the bearer token only', async () => {
    const url = `${path(P.sendNotification, { campaignId })}?donor_id=${ids.overdue}&channel=email`;
    expect((await get(t, url)).statusCode).toBe(401);
    const res = await get(t, url, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message_code: 'REMINDER_SENT', data: { donor_id: ids.overdue, kind: 'reminder', channel: 'email' } });
    expect((await get(t, `${path(P.sendNotification, { campaignId })}?donor_id=${ids.overdue}&channel=fax`, owner.token)).statusCode).toBe(400);
  });
});
