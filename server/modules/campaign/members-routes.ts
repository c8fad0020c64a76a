import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_PATHS } from '../../../domain/campaign';
import { acceptInvitationRequestSchema, inviteMemberRequestSchema, updateMemberRoleRequestSchema } from '../../../domain/validation/campaign';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { linkOrigin } from '../../plugins/link-origin';
import { success } from '../../plugins/respond';
import { validateBody, validateParams, validateQuery } from '../../plugins/validate';
import { acceptInvitation, cancelInvitation, inviteMember, listInvitations } from './invitations-service';
import { changeMemberRole, listTeam, removeMember } from './members-service';
import { invitationParamsSchema, memberListQuerySchema, memberParamsSchema } from './route-schemas';

/** /campaign/members/*: the team of a campaign and its invitations. */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  const read = { config: { access: { campaign: 'member.read', from: 'params.campaignId' } } } as const;

  app.get('/campaign/members/list_member/:campaignId', read, async (request) => {
    return success(await listTeam(app, currentCampaign(request), await validateQuery(memberListQuerySchema, request.query)));
  });

  app.get('/campaign/members/list_invitation/:campaignId', read, async (request) => {
    return success(await listInvitations(app, currentCampaign(request), await validateQuery(memberListQuerySchema, request.query)));
  });

  app.post(CAMPAIGN_PATHS.inviteMember, { config: { access: { campaign: 'member.manage', from: 'body.campaign_id' } } }, async (request, reply) => {
    const body = await validateBody(inviteMemberRequestSchema, request.body);
    return reply.code(201).send(success(await inviteMember(app, currentCampaign(request), currentUser(request), body, linkOrigin(request)), 'INVITATION_SENT'));
  });

  // The invited person, signed in with the invited e-mail address.
  app.post(CAMPAIGN_PATHS.acceptInvitation, { config: { access: 'signed-in' } }, async (request) => {
    const { token } = await validateBody(acceptInvitationRequestSchema, request.body);
    return success(await acceptInvitation(app, currentUser(request), token), 'INVITATION_ACCEPTED');
  });

  app.delete('/campaign/members/revoke_invitation/:campaignId/:invitationId', { config: { access: { campaign: 'member.manage', from: 'params.campaignId' } } }, async (request) => {
    const { invitationId } = await validateParams(invitationParamsSchema, request.params);
    return success(await cancelInvitation(app, currentCampaign(request), currentUser(request), invitationId.toLowerCase()), 'INVITATION_REVOKED');
  });

  app.post(CAMPAIGN_PATHS.updateMemberRole, { config: { access: { campaign: 'member.manage', from: 'body.campaign_id' } } }, async (request) => {
    const body = await validateBody(updateMemberRoleRequestSchema, request.body);
    return success(await changeMemberRole(app, currentCampaign(request), currentUser(request), body), 'MEMBER_ROLE_UPDATED');
  });

  app.delete('/campaign/members/remove_member/:campaignId/:userId', { config: { access: { campaign: 'member.manage', from: 'params.campaignId' } } }, async (request) => {
    const { userId } = await validateParams(memberParamsSchema, request.params);
    return success(await removeMember(app, currentCampaign(request), currentUser(request), userId), 'MEMBER_REMOVED');
  });
}
