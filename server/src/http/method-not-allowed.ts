import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { problem } from '@fahrplan/platform';

interface RouteLayer {
  readonly route?: { readonly methods: Readonly<Record<string, boolean>> };
  match(path: string): unknown;
}

const matches = (layer: RouteLayer, path: string): boolean => {
  try {
    return Boolean(layer.match(path));
  } catch {
    // a path that cannot be decoded: the router answers it (400)
    return false;
  }
};

/** Whether a route answers `method` (lower case, as the router keeps them) at `path`. */
const answers = (layers: readonly RouteLayer[], method: string, path: string): boolean =>
  layers.some((layer) => layer.route?.methods[method] === true && matches(layer, path));

/** The methods the API's routes answer at `path` (upper case), from the router Nest filled. */
const allowedAt = (layers: readonly RouteLayer[], path: string): Set<string> => {
  const allowed = new Set<string>();
  for (const layer of layers) {
    if (!layer.route || !matches(layer, path)) continue;
    for (const method of Object.keys(layer.route.methods)) allowed.add(method.toUpperCase());
  }
  if (allowed.has('GET')) allowed.add('HEAD');
  return allowed;
};

/**
 * A method an API path does not answer (TRACE, PATCH, PUT, DELETE …) is a 405 problem naming the
 * methods it does answer in `Allow` (RFC 9110 §15.5.6), rather than the 404 of a path that does not
 * exist. OPTIONS stays with the router, which answers it with `Allow` itself.
 */
export const methodNotAllowed =
  (app: NestExpressApplication) =>
  (req: Request, res: Response, next: NextFunction): void => {
    if (!req.path.startsWith('/api/') || req.method === 'OPTIONS') return next();
    const { router } = app.getHttpAdapter().getInstance() as unknown as { router: { stack: RouteLayer[] } };
    // the usual request, one a route answers, is let through by the routes of its method alone
    const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
    if (answers(router.stack, method, req.path)) return next();
    const allowed = allowedAt(router.stack, req.path);
    if (allowed.size === 0 || allowed.has(req.method)) return next();
    const allow = [...allowed].sort().join(', ');
    res
      .status(405)
      .set('Allow', allow)
      .type('application/problem+json')
      .json(problem(405, `${req.method} is not allowed here; allowed: ${allow}`));
  };
