const PRODUCT = 'Campaign Donation Tracker';

/** The e-mail inviting someone to a campaign; the link opens the SPA's campaign page, which accepts it. */
export function invitationMessage(input: { email: string; campaignName: string; roleName: string; inviterName: string; acceptUrl: string; expiresInDays: number }) {
  const body = [
    'Hello,',
    '',
    `${input.inviterName || 'A campaign owner'} invited you to join "${input.campaignName}" as ${input.roleName}.`,
    '',
    `Accept the invitation: ${input.acceptUrl}`,
    '',
    `Sign in (or create an account) with this e-mail address, ${input.email}, to accept. The link can be used once and expires in ${input.expiresInDays} days.`,
    'If you did not expect this invitation, you can ignore this e-mail.',
    '',
    PRODUCT,
  ].join('\n');
  return { channel: 'email' as const, recipient: input.email, subject: `${PRODUCT}: Invitation to join ${input.campaignName}`, body, purpose: 'campaign_invitation' };
}

/** The e-mail telling a campaign's owners it has been activated. */
export function campaignActivatedMessage(input: { email: string; campaignName: string; campaignUrl: string }) {
  const body = ['Hello,', '', `Your campaign "${input.campaignName}" is now active.`, '', `Open it: ${input.campaignUrl}`, '', PRODUCT].join('\n');
  return { channel: 'email' as const, recipient: input.email, subject: `${PRODUCT}: ${input.campaignName} is active`, body, purpose: 'campaign_activated' };
}
