import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_ROOT } from '../config.js';

/**
 * Serves stored uploads under /uploads (server-made names, content type from the extension the
 * server chose after checking the bytes) and the API's own small assets (service icons) under /static.
 */
export default async function uploadsRoutes(app: FastifyInstance) {
  const { uploadsDir } = app.ctx.config;
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    index: false,
    list: false,
    dotfiles: 'deny',
    schemaHide: true,
    setHeaders(res, filePath) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // An upload is never a document of this origin: no scripts, no plugins, even if opened directly.
      res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
      if (filePath.endsWith('.pdf')) res.setHeader('Content-Disposition', 'attachment');
    },
  });
  await app.register(fastifyStatic, {
    root: path.join(API_ROOT, 'static'),
    prefix: '/static/',
    decorateReply: false,
    index: false,
    list: false,
    schemaHide: true,
    setHeaders(res) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'public, max-age=86400');
    },
  });
}
