import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ProviderServiceData, Service, UserService } from 'shared/src/contracts/entities';
import { currentUser, requireRole } from '../http/auth.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { send } from '../http/reply.js';
import {
  askingTab,
  AUTH_ERRORS,
  envelope,
  idParams,
  listOf,
  providerSchema,
  responses,
  serviceSchema,
  socketIdHeaders,
  userServiceSchema,
} from '../http/schemas.js';
import { isUniqueViolation } from '../db/index.js';
import { profileEvent } from '../services/profileEvent.js';
import type { Database } from '../db/schema.js';
import type { Kysely } from 'kysely';
import { centsToAmount, fullName } from '../serializers.js';
import { roundRating } from '../queries/ratings.js';

const tags = ['services'];
const security = [{ bearerAuth: [] }];

async function providerServices(db: Kysely<Database>, userId: number): Promise<UserService[]> {
  const rows = await db
    .selectFrom('user_services as us')
    .innerJoin('services as s', 's.id', 'us.service_id')
    .select(['us.id', 'us.service_id', 's.name', 's.description', 's.icon'])
    .where('us.user_id', '=', userId)
    .orderBy('us.service_id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    service_id: r.service_id,
    service: { id: r.service_id, name: r.name, description: r.description, icon: r.icon },
  }));
}

export default async function servicesRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get(
    '/api/services',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'All services', response: responses({ 200: envelope(listOf(serviceSchema)) }, [401]) },
    },
    async (_request, reply) => {
      const services: Service[] = await db
        .selectFrom('services')
        .select(['id', 'name', 'description', 'icon'])
        .orderBy('id')
        .execute();
      return send(reply, services);
    },
  );

  app.get(
    '/api/user-services',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The provider's own services",
        response: responses({ 200: envelope(listOf(userServiceSchema)) }, [401, 403]),
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'Provider');
      return send(reply, await providerServices(db, user.id));
    },
  );

  app.post<{ Body: { service_id: number }; Headers: { 'x-socket-id'?: string } }>(
    '/api/user-services',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Offer a service (provider); answers the new list',
        headers: socketIdHeaders,
        body: { type: 'object', required: ['service_id'], properties: { service_id: { type: 'integer', minimum: 1 } } },
        response: responses({ 201: envelope(listOf(userServiceSchema)) }, [...AUTH_ERRORS, 409]),
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'Provider');
      const service = await db.selectFrom('services').select('id').where('id', '=', request.body.service_id).executeTakeFirst();
      if (!service) throw notFound('Service not found.');
      try {
        await db
          .insertInto('user_services')
          .values({ user_id: user.id, service_id: service.id, created_at: app.ctx.clock.now().toISOString() })
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('You already offer this service.');
        throw err;
      }
      app.ctx.publisher.publish([profileEvent(user.id, askingTab(request))]);
      return send(reply, await providerServices(db, user.id), 'Service added successfully', 201);
    },
  );

  app.delete<{ Params: { id: number }; Headers: { 'x-socket-id'?: string } }>(
    '/api/user-services/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Stop offering a service (by the user-service id); answers the new list',
        headers: socketIdHeaders,
        params: idParams,
        response: responses({ 200: envelope(listOf(userServiceSchema)) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'Provider');
      const row = await db
        .selectFrom('user_services')
        .select(['id', 'user_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      // Usually removed a moment ago in another tab or device: said as what it means to the provider.
      if (!row) throw notFound('You no longer offer this service.');
      if (row.user_id !== user.id) throw forbidden('This service is not yours.');
      await db.deleteFrom('user_services').where('id', '=', row.id).execute();
      app.ctx.publisher.publish([profileEvent(user.id, askingTab(request))]);
      return send(reply, await providerServices(db, user.id), 'Service removed successfully');
    },
  );

  app.get<{ Params: { serviceId: number } }>(
    '/api/providers/:serviceId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Providers offering a service, with their real average rating (or null)',
        params: { type: 'object', required: ['serviceId'], properties: { serviceId: { type: 'integer', minimum: 1 } } },
        response: responses({ 200: envelope(listOf(providerSchema)) }, [400, 401, 404]),
      },
    },
    async (request, reply) => {
      currentUser(request);
      const service = await db.selectFrom('services').select('id').where('id', '=', request.params.serviceId).executeTakeFirst();
      if (!service) throw notFound('Service not found.');
      const rows = await db
        .selectFrom('user_services as us')
        .innerJoin('users as u', 'u.id', 'us.user_id')
        .select([
          'u.id',
          'u.first_name',
          'u.last_name',
          'u.avatar',
          'u.bio',
          'u.year_of_exp',
          'u.basic_price_cents',
          'u.rating_avg as rating',
          (eb) =>
            eb
              .selectFrom('jobs')
              .select(sql<number>`count(*)`.as('n'))
              .whereRef('jobs.provider_id', '=', 'u.id')
              .as('total_provider_jobs'),
          (eb) =>
            eb
              .selectFrom('jobs')
              .select(sql<number>`count(*)`.as('n'))
              .whereRef('jobs.provider_id', '=', 'u.id')
              .where('jobs.status', '=', 'Completed')
              .as('completed_jobs'),
        ])
        .where('us.service_id', '=', service.id)
        .where('u.role', '=', 'Provider')
        .orderBy('u.id')
        .execute();
      const providers: ProviderServiceData[] = rows.map((r) => ({
        id: r.id,
        avatar: r.avatar,
        full_name: fullName(r.first_name, r.last_name),
        rating: roundRating(r.rating),
        bio: r.bio,
        year_of_exp: r.year_of_exp,
        basic_price: centsToAmount(r.basic_price_cents),
        total_provider_jobs: Number(r.total_provider_jobs ?? 0),
        completed_jobs: Number(r.completed_jobs ?? 0),
      }));
      return send(reply, providers);
    },
  );
}
