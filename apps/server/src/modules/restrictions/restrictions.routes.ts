import { apiRoutes } from '@vm/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentStaff, currentUser } from '../../lib/request-context.ts';
import type { RestrictionsService } from './restrictions.service.ts';

/** Issue 23 part 2: the support desk (search, a user's view), restrictions and proposals for staff; the user's statement and contest. */
export const restrictionsRoutes: FastifyPluginAsyncZod<{ restrictions: RestrictionsService }> = async (app, { restrictions }) => {
  const noStore = { 'cache-control': 'no-store' };
  app.route({
    ...fromContract(apiRoutes.opsSearch),
    handler: async (req, reply) => reply.headers(noStore).send(await restrictions.search(currentStaff(req).staffId, req.query.q)),
  });
  app.route({
    ...fromContract(apiRoutes.opsUser),
    handler: async (req, reply) => reply.headers(noStore).send(await restrictions.viewUser(currentStaff(req).staffId, req.params.id)),
  });
  app.route({
    ...fromContract(apiRoutes.opsRestrict),
    handler: async (req, reply) => reply.code(201).send(await restrictions.restrict(currentStaff(req).staffId, req.params.id, req.body)),
  });
  app.route({
    ...fromContract(apiRoutes.opsRestrictions),
    handler: async (req, reply) => reply.headers(noStore).send(await restrictions.list(req.query.status)),
  });
  app.route({
    ...fromContract(apiRoutes.opsLiftRestriction),
    handler: async (req) => restrictions.lift(currentStaff(req).staffId, req.params.id, req.body.reason),
  });
  app.route({
    ...fromContract(apiRoutes.opsRestrictionProposals),
    handler: async (req, reply) => reply.headers(noStore).send(await restrictions.proposals(req.query.status)),
  });
  app.route({
    ...fromContract(apiRoutes.opsDecideProposal),
    handler: async (req) => restrictions.decide(currentStaff(req).staffId, req.params.id, req.body),
  });
  app.route({
    ...fromContract(apiRoutes.userRestrictions),
    handler: async (req, reply) => reply.headers(noStore).send(await restrictions.mine(currentUser(req).userId)),
  });
  app.route({
    ...fromContract(apiRoutes.contestRestriction),
    handler: async (req, reply) => reply.code(201).send(await restrictions.contest(currentUser(req).userId, req.params.id, req.body.text)),
  });
};

/**
 * The one enforcement point (app.ts): after a route's own guard (so no token is still a 401) and
 * before its body is read or validated (preParsing), a signed-in user's request is checked by the route's name
 * in the contract: suspended accounts reach only the two restriction routes, restricted accounts
 * not the booking and bidding routes (RESTRICTED_ROUTES, SUSPENDED_MAY_CALL in packages/domain).
 */
export function restrictionsGate(app: FastifyInstance, restrictions: Pick<RestrictionsService, 'gate'>): void {
  const names = new Map<string, string>(Object.entries(apiRoutes).map(([name, r]) => [`${r.method} ${r.path}`, name]));
  app.addHook('preParsing', async (req, _reply, payload) => {
    const userId = req.auth?.userId;
    if (userId === null || userId === undefined) return payload;
    const name = names.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${req.routeOptions.url ?? ''}`);
    // Routes outside the contract (web apps' files, health): nothing to guard.
    if (name !== undefined) await restrictions.gate(userId, name);
    return payload;
  });
}
