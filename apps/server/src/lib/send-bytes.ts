import type { FastifyReply } from 'fastify';

/**
 * Sends bytes as they are (an image, a build product already in JSON): the contract types these
 * routes' answers for the OpenAPI document, while the body is a Buffer that skips serialisation.
 */
export const sendBytes = (reply: FastifyReply, bytes: Buffer): FastifyReply => reply.send(bytes);
