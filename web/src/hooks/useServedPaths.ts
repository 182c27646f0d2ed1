/**
 * Which API operations this server actually serves, read from its own /api/openapi.json, so pages
 * that describe endpoints (API docs, home cards) mark what is live and what is still coming
 * instead of a hand-kept list that drifts. Read once per visit and cached like every query.
 */
import { useQuery } from '@tanstack/react-query';

export interface OpenApiOperation {
  summary?: string;
  description?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface ServedPaths {
  /** Undefined while loading or when the document could not be read. */
  has(method: string, path: string): boolean | undefined;
  operation(method: string, path: string): OpenApiOperation | undefined;
}

export function servedPaths(doc: OpenApiDocument | undefined): ServedPaths {
  return {
    has: (method, path) => (doc ? doc.paths[path]?.[method.toLowerCase()] !== undefined : undefined),
    operation: (method, path) => doc?.paths[path]?.[method.toLowerCase()],
  };
}

export function useServedPaths(): ServedPaths {
  const { data } = useQuery<OpenApiDocument>({ queryKey: ['/api/openapi.json'] });
  return servedPaths(data);
}
