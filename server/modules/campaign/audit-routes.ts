import type { FastifyInstance } from 'fastify';
import type { AuditListData } from '../../../domain/campaign';
import { currentCampaign } from '../../plugins/access';
import { success } from '../../plugins/respond';
import { validateQuery } from '../../plugins/validate';
import { listAudit } from './audit-repository';
import { memberListQuerySchema } from './route-schemas';

/** /campaign/audit/*: the team activity log (membership, roles, invitations, packages). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get('/campaign/audit/list_audit/:campaignId', { config: { access: { campaign: 'audit.read', from: 'params.campaignId' } } }, async (request) => {
    const { page, limit } = await validateQuery(memberListQuerySchema, request.query);
    const { rows, total } = await listAudit(app.db, currentCampaign(request).id, { page, limit });
    const data: AuditListData = {
      audit_list: rows.map(({ entry, actorName }) => ({
        audit_id: entry.id,
        action: entry.action,
        actor: entry.actorId ? { user_id: entry.actorId, name: actorName ?? '' } : null,
        target_user_id: entry.targetUserId,
        details: entry.details,
        created_at: entry.createdAt.toISOString(),
      })),
      total,
      page,
      limit,
    };
    return success(data);
  });
}
