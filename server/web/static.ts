/**
 * Serves the built web app (dist/web) from the API's origin: hashed assets with long caching, and
 * index.html for every other GET outside /api so that client-side routes (and the 404 page) work on
 * a reload or a deep link.
 */
import express from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { notFound } from '../errors.ts';

export const DEFAULT_WEB_DIR = resolve(import.meta.dirname, '../../dist/web');

export function webRoutes(dir = DEFAULT_WEB_DIR): (app: express.Express) => void {
  return (app) => {
    const index = join(dir, 'index.html');
    if (!existsSync(index)) return;
    app.use('/assets', express.static(join(dir, 'assets'), { immutable: true, maxAge: '1y' }));
    // A missing asset is a 404 of its own (never the app's page, never serve-static's error, whose
    // message holds the file's absolute path: the home folder, in the executable).
    app.use('/assets', (req, _res, next) => next(notFound('asset_not_found', `There is no asset ${req.path}: reload the page to get the current version's assets.`)));
    app.use(express.static(dir, { index: false, maxAge: 0 }));
    app.get(/^(?!\/api(?:\/|$)).*/, (req, res, next) => {
      if (!req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      // Relative to `root`: send refuses absolute paths with a dot-folder (~/.cache, where the executable unpacks to).
      res.sendFile('index.html', { root: dir });
    });
  };
}
