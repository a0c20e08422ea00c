import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { compose } from './compose';
import { locals } from './request-context';
// Requests that take the whole chain still look their route up: with expressions built once.
import './validator-routes';

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

/** What express-openapi-validator's metadata step leaves on the request for the later steps. */
interface OpenApiMetadata {
  readonly expressRoute: string;
  readonly openApiRoute: string;
  readonly pathParams: Record<string, string>;
  readonly schema: unknown;
  readonly serial: number;
  readonly _responseSchema?: unknown;
}

type WithMetadata = { openapi?: OpenApiMetadata; params: Record<string, string> };

/**
 * Contract validation by express-openapi-validator, without its route lookup on every request.
 *
 * The validator's metadata step (5.6) finds a request's contract path by testing every path in
 * turn, which was the largest single cost of a small request. resolveOperations has already
 * matched the request to its operation, with the same rules, so the metadata found for an
 * operation's first request is kept and given to the next ones, which then go straight to the
 * validation steps (and to response validation, when it is on). A request that matches no
 * operation, or whose metadata step fails (an undeclared method, say), always takes the whole
 * chain, so 404 and 405 answers are the validator's own.
 *
 * Relies on the validator's middleware list naming its steps (`metadataMiddleware`,
 * `securityMiddleware`) and on `req.openapi`: recheck both when upgrading the validator.
 */
export function contractValidation(options: ValidatorOptions): RequestHandler {
  const steps = OpenApiValidator.middleware(options) as unknown as RequestHandler[];
  const metadataAt = steps.findIndex((step) => step.name === 'metadataMiddleware');
  if (metadataAt === -1) throw new Error('express-openapi-validator: no metadata step; see src/http/validation.ts');
  const whole = compose(steps);
  // Security is checked by our own authentication (validateSecurity is off), so its step only passes.
  const validationSteps = steps.slice(metadataAt + 1).filter((step) => !(step.name === 'securityMiddleware' && !options.validateSecurity));
  const validate = compose(validationSteps);
  const known = new Map<string, Omit<OpenApiMetadata, 'pathParams'>>();

  return (req, res, next) => {
    const state = locals(res);
    const key = state.operationId && state.pathParams ? `${req.method} ${state.operationId}` : undefined;
    const found = key ? known.get(key) : undefined;
    const request = req as unknown as WithMetadata;
    if (found && state.pathParams) {
      request.openapi = { ...found, pathParams: state.pathParams };
      request.params = state.pathParams;
      validate(req, res, next);
      return;
    }
    whole(req, res, (err?: unknown) => {
      const openapi = request.openapi;
      // Kept only when the validator found the same contract path as resolveOperations.
      if (key && openapi?.schema && openapi.openApiRoute === state.route) {
        const { pathParams: _pathParams, ...metadata } = openapi;
        known.set(key, metadata);
      }
      next(err);
    });
  };
}
