import type { FastifyReply } from 'fastify';

/** Answers the `{ data, message }` envelope. */
export function send<T>(reply: FastifyReply, data: T, message = 'Success', status = 200, extra: Record<string, unknown> = {}) {
  return reply.status(status).send({ data, message, ...extra });
}
