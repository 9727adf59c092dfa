import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { apiRoutes } from '@vm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../lib/contract-route.ts';
import { currentStaff } from '../../lib/request-context.ts';
import type { StaffService } from './staff.service.ts';

type Options = { staff: StaffService; perIpLimit: number; windowSeconds: number };

// The contract's schemas bound every field of a credential; @simplewebauthn checks what they mean
// (signature, challenge, origin), so its JSON types are taken as they are here.
const assertion = (c: unknown) => c as AuthenticationResponseJSON;
const registration = (c: unknown) => c as RegistrationResponseJSON;

/** /api/ops: staff sign-in, set-up links, passkeys, who is signed in, sign-out. */
export const staffRoutes: FastifyPluginAsyncZod<Options> = async (app, { staff, perIpLimit, windowSeconds }) => {
  // Every answer here is personal or a secret: never cached.
  app.addHook('onSend', async (_req, reply) => void reply.header('cache-control', 'no-store'));
  const limited = { config: { rateLimit: { max: perIpLimit, timeWindow: windowSeconds * 1000 } } };

  app.route({ ...fromContract(apiRoutes.opsSignIn), ...limited, handler: async (req) => staff.signInWithPassword(req.body) });
  app.route({ ...fromContract(apiRoutes.opsPasskeyOptions), ...limited, handler: async () => staff.passkeySignInOptions() });
  app.route({
    ...fromContract(apiRoutes.opsPasskeySignIn),
    ...limited,
    handler: async (req) => staff.signInWithPasskey(req.body.challenge_id, assertion(req.body.credential)),
  });
  app.route({ ...fromContract(apiRoutes.opsSetupCheck), ...limited, handler: async (req) => staff.checkSetup(req.body.token) });
  app.route({ ...fromContract(apiRoutes.opsSetupPassword), ...limited, handler: async (req) => staff.setUpPassword(req.body.token, req.body.password, req.body.code) });
  app.route({ ...fromContract(apiRoutes.opsSetupPasskeyOptions), ...limited, handler: async (req) => staff.setupPasskeyOptions(req.body.token) });
  app.route({
    ...fromContract(apiRoutes.opsSetupPasskey),
    ...limited,
    handler: async (req) => staff.setUpPasskey(req.body.token, req.body.challenge_id, registration(req.body.credential)),
  });

  app.route({ ...fromContract(apiRoutes.opsMe), handler: async (req) => staff.me(currentStaff(req).staffId) });
  app.route({
    ...fromContract(apiRoutes.opsSignOut),
    handler: async (req, reply) => {
      await staff.signOut(currentStaff(req));
      return reply.code(204).send(null);
    },
  });
  app.route({ ...fromContract(apiRoutes.opsPasskeyRegisterOptions), handler: async (req) => staff.passkeyOptionsFor(currentStaff(req).staffId) });
  app.route({
    ...fromContract(apiRoutes.opsPasskeyRegister),
    handler: async (req, reply) => reply.code(201).send(await staff.addPasskey(currentStaff(req).staffId, req.body.challenge_id, registration(req.body.credential))),
  });
};
