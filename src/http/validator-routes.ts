import { createRequire } from 'node:module';

/**
 * express-openapi-validator (5.6) finds the route of each request by building the regular
 * expression of every contract path with path-to-regexp, on every request, until one matches:
 * with some sixty paths that was the largest single cost of a small request. The expression of
 * a path depends only on the path and its options, so the same one is reused. Patched on the
 * module instance the validator itself loads.
 */
type PathToRegexp = (path: string, options?: Record<string, unknown>) => unknown;

const requireFromValidator = createRequire(require.resolve('express-openapi-validator'));
const pathToRegexpModule = requireFromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp & { cached?: true } };

/** The options the validator passes, all part of the cache key; with any other the call is not cached. */
const OPTIONS = new Set(['sensitive', 'strict', 'end', 'trailing']);

if (!pathToRegexpModule.pathToRegexp.cached) {
  const original = pathToRegexpModule.pathToRegexp;
  const cache = new Map<string, unknown>();
  const cached = ((path: string, options?: Record<string, unknown>) => {
    const known = !options || Object.keys(options).every((name) => OPTIONS.has(name));
    if (typeof path !== 'string' || !known) return original(path, options);
    const key = `${path}\u0000${options?.sensitive}\u0000${options?.strict}\u0000${options?.end}\u0000${options?.trailing}`;
    let result = cache.get(key);
    if (result === undefined) {
      result = original(path, options);
      // The paths are the contract's: the cache cannot grow past them (and their options).
      if (cache.size < 10_000) cache.set(key, result);
    }
    return result;
  }) as PathToRegexp & { cached?: true };
  cached.cached = true;
  pathToRegexpModule.pathToRegexp = cached;
}
