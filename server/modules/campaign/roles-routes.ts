import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_PATHS } from '../../../domain/campaign';
import { RESOURCES } from '../../../domain/permissions';
import { addRoleRequestSchema, updateRoleRequestSchema } from '../../../domain/validation/campaign';
import { currentCampaign } from '../../plugins/access';
import { currentUser } from '../../plugins/auth';
import { success } from '../../plugins/respond';
import { validateBody, validateParams } from '../../plugins/validate';
import { roleParamsSchema } from './route-schemas';
import { addRole, deleteRole, listRoles, updateRole } from './roles-service';

/** /campaign/roles/*: system and custom roles of a campaign (the roles and access screen). */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const manage = (from: 'body.campaign_id' | 'params.campaignId') => ({ config: { access: { campaign: 'role.manage', from } } }) as const;

  // The resource names with their labels and groups (one list: domain/permissions.ts).
  app.get(CAMPAIGN_PATHS.listResource, { config: { access: 'signed-in' } }, async () => success({ resource_list: RESOURCES, total: RESOURCES.length }));

  app.get('/campaign/roles/list_role/:campaignId', { config: { access: { campaign: 'member.read', from: 'params.campaignId' } } }, async (request) => {
    return success(await listRoles(app, currentCampaign(request)));
  });

  app.post(CAMPAIGN_PATHS.addRole, manage('body.campaign_id'), async (request, reply) => {
    const body = await validateBody(addRoleRequestSchema, request.body);
    return reply.code(201).send(success(await addRole(app, currentCampaign(request), currentUser(request), body), 'ROLE_CREATED'));
  });

  app.post(CAMPAIGN_PATHS.updateRole, manage('body.campaign_id'), async (request) => {
    const body = await validateBody(updateRoleRequestSchema, request.body);
    return success(await updateRole(app, currentCampaign(request), currentUser(request), body), 'ROLE_UPDATED');
  });

  app.delete('/campaign/roles/delete_role/:campaignId/:roleKey', manage('params.campaignId'), async (request) => {
    const { roleKey } = await validateParams(roleParamsSchema, request.params);
    return success(await deleteRole(app, currentCampaign(request), currentUser(request), roleKey), 'ROLE_DELETED');
  });
}
