import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document, made from the zod schemas every route declares (so it cannot drift
 * from what the server enforces), at GET /api/openapi.json, and a browsable reference at /api/docs
 * whose assets are served from the package (works offline). Registered before the routes: the
 * swagger plugin collects them as they are added.
 */
export async function openApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vrachtmarkt API',
        version,
        description: 'Prose (auth flow, events, errors): docs/api.md. Paths and shapes follow SPEC.md section 7.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The areas start collapsed: expanded, Swagger UI stopped drawing the 126 operations after the first few groups.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false, uiConfig: { url: '/api/openapi.json', docExpansion: 'none' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
