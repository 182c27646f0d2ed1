/**
 * GET /api/openapi.json (OpenAPI 3.1, generated from the contract the routes validate with) and the
 * docs UI at /api/docs (Swagger UI from swagger-ui-dist, served locally: no CDN, and no inline
 * script, so the CSP stays strict).
 */
import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import express from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

const require = createRequire(import.meta.url);
const SWAGGER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>PQ Platform API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/init.js"></script>
</body>
</html>
`;

const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#docs', deepLinking: true });\n`;

const API_DESCRIPTION = `Post-quantum signing and verification over JSON. Byte strings are standard padded base64.
Public endpoints (/api/v1/crypto/…) authenticate with the x-api-key and x-api-secret headers and are metered; their
answers carry the account's allowance in RateLimit-Policy and RateLimit (IETF draft 8). The demo endpoints
(/api/v1/demo/…) need no login. Errors are { message, code, param?, details?, requestId }; a known path asked with
another method answers 405 with Allow.

Versions: /api/v1 changes only by additions; breaking changes get /api/v2. The unversioned paths of before (/api/…,
and /api/keys… for /api/v1/api-keys…) still answer as deprecated aliases, listed here as deprecated operations, with a
Deprecation header and a Link to the /api/v1 successor (docs/api-changelog.md).

Verifying a Dilion signature elsewhere: it is FIPS 204 ML-DSA-65 (pure) over M = 0x00 ‖ UTF-8(message), with the
context string ctx = UTF-8(response.context) = UTF-8("dilion/v1|" + sid). Decode publicKey and signature.encoded from
base64 and call any FIPS 204 verifier, e.g. @noble/post-quantum: ml_dsa65.verify(signature, M, publicKey, { context: ctx }).`;

export function docsRoutes(ctx: AppContext, version: string): void {
  const { api } = ctx;
  let document: unknown;

  api.route(
    {
      method: 'get', path: '/api/openapi.json', tag: 'Service', auth: 'none', summary: 'This API as OpenAPI 3.1',
      responses: { 200: { description: 'The OpenAPI document', schema: z.record(z.string(), z.unknown()) } },
    },
    () => {
      document ??= new OpenApiGeneratorV31(api.registry.definitions).generateDocument({
        openapi: '3.1.0',
        info: { title: 'PQ Platform API', version, description: API_DESCRIPTION },
        servers: [{ url: '/' }],
      });
      return document;
    },
  );

  api.route(
    {
      method: 'get', path: '/api/docs', tag: 'Service', auth: 'none', summary: 'API documentation (HTML)',
      responses: { 200: { description: 'Swagger UI', schema: z.string(), contentType: 'text/html' } },
    },
    ({ res }) => {
      res.type('html').send(DOCS_HTML);
    },
  );

  api.route(
    {
      method: 'get', path: '/api/docs/init.js', tag: 'Service', auth: 'none', summary: 'Docs UI start-up script',
      responses: { 200: { description: 'JavaScript', schema: z.string(), contentType: 'text/javascript' } },
    },
    ({ res }) => {
      res.type('text/javascript').send(INIT_JS);
    },
  );

  ctx.api.static('/api/docs/assets', express.static(SWAGGER_DIR, { index: false, maxAge: '1d' }));
}
