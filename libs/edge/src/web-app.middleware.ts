import type { INestApplication } from '@nestjs/common';
import { CommonError, CommonErrorCode, toRestError } from '@membolt/contracts';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { labelForMetrics, pathOf } from './http-platform.js';

/** Paths the web app never owns: they fall through to the API routes (and their JSON 404). */
const API_PREFIXES = [
  '/api',
  '/mcp',
  '/v1',
  '/graphql',
  '/auth',
  '/events',
  '/downloads',
  '/portal',
  '/metrics',
  '/livez',
  '/readyz',
];

/** Whether a path is the API's (a route or the API's own 404) rather than the web app's. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Sends the web app's file at `path` (URL-encoded, under the root), or answers false when there is none. */
async function sendWebFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  options: send.SendOptions,
  headers: Record<string, string> = {},
): Promise<boolean> {
  const sent = await send(request.raw, path, options);
  if (sent.type !== 'file') {
    sent.stream.destroy();
    return false;
  }
  await reply
    .code(sent.statusCode)
    .headers({ ...sent.headers, ...headers })
    .send(sent.stream);
  return true;
}

/**
 * Serves the built React app: static assets with long caching for hashed files, and index.html for every
 * other GET so client-side routes (including the 404 screen) work on reload. Answered from an `onRequest`
 * hook, before routing, so the API's routes never see the web app's paths. A path that names no file (a
 * directory, a hidden name, a path that leaves the root, nothing there) falls back to index.html.
 */
export function serveWebApp(app: INestApplication, distDir: string): boolean {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return false;
  const files: send.SendOptions = { root, index: false, dotfiles: 'ignore', maxAge: 60 * 60 * 1000 };
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  const answer = async (request: FastifyRequest, reply: FastifyReply, path: string): Promise<void> => {
    // Vite puts content-hashed files under assets/: they never change.
    const immutable: Record<string, string> = path.startsWith('/assets/')
      ? { 'Cache-Control': 'public, max-age=31536000, immutable' }
      : {};
    if (await sendWebFile(request, reply, path, files, immutable)) return;
    if (path.startsWith('/assets/')) {
      const { status, body } = toRestError(new CommonError(CommonErrorCode.NotFound, `No asset at ${path}`));
      await reply.code(status).send(body);
      return;
    }
    await sendWebFile(
      request,
      reply,
      '/index.html',
      { ...files, cacheControl: false },
      { 'Cache-Control': 'no-cache' },
    );
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const path = pathOf(request);
    if (isApiPath(path)) return done();
    labelForMetrics(reply.raw, '(web)');
    answer(request, reply, path).catch((error: unknown) => reply.send(error));
  });
  return true;
}
