import type { FastifyInstance } from 'fastify';
import { doingBusinessRoutes } from './doing-business-routes';
import { donorRoutes } from './donor-routes';
import { followUpRoutes } from './follow-up-routes';
import { metadataRoutes } from './metadata-routes';
import { pledgeRoutes } from './pledge-routes';
import { reportRoutes } from './report-routes';

/** The donor book under /donation/donor/: donors, pledges, report data, tags and notes, follow-up. */
export async function donorBookRoutes(app: FastifyInstance): Promise<void> {
  await app.register(donorRoutes);
  await app.register(doingBusinessRoutes);
  await app.register(pledgeRoutes);
  await app.register(reportRoutes);
  await app.register(metadataRoutes);
  await app.register(followUpRoutes);
}
