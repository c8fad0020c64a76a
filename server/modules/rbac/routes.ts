import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import { SOCKET_EVENTS, SOCKET_PATH, type UserChannelData } from '../../../domain/campaign';
import { currentUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { userRoom } from '../../plugins/sockets';
import { validateParams } from '../../plugins/validate';
import { permissionInCampaign, permissionsOfUser } from './service';

const uuid = (message: string) => string().typeError(message).required(message).uuid(message);
const userIdParams = object({ userId: uuid('User id is not valid') });
const idParams = object({ id: uuid('User id is not valid') });
const campaignIdParams = object({ campaignId: uuid('Campaign id is not valid') });

/**
 * /rbac/* and /channel/*: the caller's permissions, answered as `{ data: [{ campaign_id, resource_names }] }`
 * (an empty resource_names list means no permissions), and where to listen for changes.
 */
export async function rbacRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { config: { access: 'signed-in' } } as const;

  // Every campaign of the user (self only).
  app.get('/rbac/get-permitted-resources/:userId', signedIn, async (request) => {
    const { userId } = await validateParams(userIdParams, request.params);
    const auth = currentUser(request);
    if (userId.toLowerCase() !== auth.id) throw fail(403, 'FORBIDDEN');
    return { data: await permissionsOfUser(app.db, auth.id) };
  });

  // The caller in one campaign; not a member → one entry with no resources (nothing leaks).
  app.get('/rbac/role-access/:campaignId', signedIn, async (request) => {
    const { campaignId } = await validateParams(campaignIdParams, request.params);
    return { data: [await permissionInCampaign(app.db, campaignId.toLowerCase(), currentUser(request).id)] };
  });

  // The socket.io channel of the user (self only): connect to `path` with query { userId } and auth { token: idToken }.
  app.get('/channel/user/:id', signedIn, async (request) => {
    const { id } = await validateParams(idParams, request.params);
    const auth = currentUser(request);
    if (id.toLowerCase() !== auth.id) throw fail(403, 'FORBIDDEN');
    const data: UserChannelData = { channel: userRoom(auth.id), event: SOCKET_EVENTS.permissions, path: SOCKET_PATH };
    return { data };
  });
}
