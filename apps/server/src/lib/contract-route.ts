import type { ApiRoute } from '@vm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireDriver, requireSender, requireStaff, requireToken, requireUser } from './request-context.ts';

/** '/api/driver/shipment/:id' -> 'driver', '/api/shipment/:id' -> 'shipment', '/oauth/...' -> 'oauth'. */
const areaOf = (path: string) => path.split('/').filter((p) => p && p !== 'api')[0] ?? 'api';

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

const GUARDS: Record<Exclude<ApiRoute['auth'], 'staff'>, Guard | null> = {
  sender: requireSender,
  driver: requireDriver,
  user: requireUser,
  token: requireToken,
  public: null,
  // The admin route checks its own token (admin.routes.ts).
  admin: null,
};

type SchemaOf<R extends ApiRoute> = (R extends { params: infer P } ? { params: P } : unknown) &
  (R extends { querystring: infer Q } ? { querystring: Q } : unknown) &
  (R extends { body: infer B } ? { body: B } : unknown) & { response: R['response'] };

/**
 * The method, path, schemas and guard of a route of the contract (@vm/domain apiRoutes), to spread
 * into `app.route({ ...fromContract(apiRoutes.x), handler })`: the server validates and serialises
 * with the contract's schemas and guards by its `auth`, so no route can drift from it.
 */
export function fromContract<R extends ApiRoute>(route: R): { method: R['method']; url: R['path']; schema: SchemaOf<R>; onRequest?: Guard } {
  const schema: Record<string, unknown> = { response: route.response };
  if (route.params) schema.params = route.params;
  if (route.querystring) schema.querystring = route.querystring;
  if (route.body) schema.body = route.body;
  if (route.multipart) schema.consumes = ['multipart/form-data'];
  // For the OpenAPI document: grouped by area, and no bearer token on public routes.
  schema.tags = [areaOf(route.path)];
  if (route.auth === 'public') schema.security = [];
  // A staff route's guard checks the session and the route's capability.
  const guard = route.auth === 'staff' ? requireStaff(route.capability) : GUARDS[route.auth];
  return { method: route.method, url: route.path, schema: schema as SchemaOf<R>, ...(guard ? { onRequest: guard } : {}) };
}
