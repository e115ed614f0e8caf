import type { INestApplication } from '@nestjs/common';
import { CommonError, CommonErrorCode, toRestError } from '@membolt/contracts';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/**
 * Serves the built React app: static assets with long caching for hashed files, and index.html for every
 * other GET so client-side routes (including the 404 screen) work on reload.
 */
export function serveWebApp(app: INestApplication, distDir: string): boolean {
  const root = resolve(distDir);
  const indexHtml = join(root, 'index.html');
  if (!existsSync(indexHtml)) return false;
  const isApi = (req: Request) => isApiPath(req.path);
  const files = express.static(root, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, path) => {
      // Vite puts content-hashed files under assets/: they never change.
      if (path.startsWith(join(root, 'assets')))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApi(req) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.locals['metricsRoute'] = '(web)';
    files(req, res, () => {
      if (req.path.startsWith('/assets/')) {
        const { status, body } = toRestError(
          new CommonError(CommonErrorCode.NotFound, `No asset at ${req.path}`),
        );
        res.status(status).json(body);
        return;
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  });
  return true;
}
