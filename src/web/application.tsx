import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import cookieParser from 'cookie-parser';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Store } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Config } from '../config';
import { ProviderIdentities } from '../domain/accounts/identities';
import { LocalAccounts } from '../domain/accounts/local-accounts';
import { WebSessions } from '../domain/accounts/web-sessions';
import type { Clock } from '../domain/shared/clock';
import { safeError } from '../domain/shared/errors';
import { SignInThrottle } from '../edge/sign-in-throttle';
import { asAppError } from '../pipeline/envelope';
import type { OperationPipeline } from '../pipeline/pipeline';
import { frame, requireSignIn, type WebContext } from './context';
import { OidcSignIn } from './oidc';
import { PAGE_DIRECTIVES } from './policy';
import { consentPages } from './pages/oauth-consent';
import type { AuthorizationServer } from '../domain/oauth/authorization-server';
import { PageOperations } from './operations';
import { accountPages } from './pages/accounts';
import { inboxPages } from './pages/inbox';
import { creatorPages } from './pages/creator';
import { libraryPages } from './pages/library';
import { memoryPages } from './pages/memories';
import { portabilityPages } from './pages/portability';
import { settingsPages } from './pages/settings';
import { subjectPages } from './pages/subjects';
import { sendPage } from './render';
import { ErrorView } from './views/error';
import { checkForm, loadSession, webLocals } from './web-session';

/**
 * The application: server-rendered pages at `/`, a third transport of the operation pipeline
 * beside REST and MCP. Every page has a strict Content-Security-Policy (scripts and styles from
 * this origin only, no inline script, no eval, no framing), is never cached (but the Library's
 * public pages for visitors: see sendPublic), and every form post
 * is checked for its CSRF token and its origin before it runs.
 */

export interface ApplicationDependencies {
  readonly db: Kysely<DB>;
  readonly clock: Clock;
  readonly config: Config;
  readonly logger: Logger;
  readonly pipeline: OperationPipeline;
  /** OAuth for MCP, whose consent page is one of the application's. */
  readonly oauth: AuthorizationServer;
  /** Where sign-in attempts are counted (shared with the other limiters). */
  readonly throttleStore: Store;
  /** The request budgets of the API (per principal, per account): a signed-in page draws on them as a session's request does. */
  readonly limit: RequestHandler;
  /** The budget per client address of a visitor of the Library's public pages. */
  readonly limitVisitors: RequestHandler;
}

/** The first path segment of every page: any other path is not the application's. */
const SECTIONS = new Set(['', 'oauth', 'setup', 'sign-in', 'sign-up', 'sign-out', 'settings', 'memories', 'subjects', 'inbox', 'library', 'assets']);

export function isApplicationPath(path: string): boolean {
  return SECTIONS.has(path.split('/')[1] ?? '');
}

const isForm = (req: IncomingMessage) => /^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(req.headers['content-type'] ?? '');
const isDraftSave = (req: IncomingMessage) => /^\/library\/mine\/[^/]+\/draft$/.test((req.url ?? '').split('?')[0] ?? '');

/**
 * A read of the Library's public pages: a visitor without a session is given no CSRF cookie
 * there (the pages have no form for them), so that the answer can be cached.
 */
function isPublicRead(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && /^\/library\/?(?:$|tpl_)/.test(req.path);
}

/** A browser's request for a page that does not exist (outside the API's paths): answered with the application's 404 page rather than JSON. */
function isBrowserMiss(req: Request): boolean {
  const api = req.path.startsWith('/v1/') || req.path === '/v1' || req.path.startsWith('/mcp');
  return !api && (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['json', 'html']) === 'html';
}

/** src/web/assets, beside this module in the sources, or above dist/ when built. */
function assetsDirectory(): string {
  let directory = __dirname;
  for (;;) {
    const candidate = join(directory, 'src', 'web', 'assets');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(directory);
    if (parent === directory) throw new Error('src/web/assets not found above ' + __dirname);
    directory = parent;
  }
}

const PAGE_POLICY = helmet.contentSecurityPolicy({ useDefaults: false, directives: PAGE_DIRECTIVES });

export function applicationRouter(deps: ApplicationDependencies): Router {
  const { db, clock, config, logger, pipeline } = deps;
  const sessions = new WebSessions(db, clock);
  const identities = new ProviderIdentities(db, clock);
  const context: WebContext = {
    operations: new PageOperations(pipeline),
    sessions,
    accounts: new LocalAccounts(db, clock, config.signUp, config.passwordHashCost),
    throttle: new SignInThrottle(deps.throttleStore, { perAddress: config.signInLimitPerAddress, perEmail: config.signInLimitPerEmail }),
    oidc: config.oidc ? new OidcSignIn(config.oidc, identities) : null,
    logger,
    limit: deps.limit,
    limitVisitors: deps.limitVisitors,
    oauth: deps.oauth,
    publicUrl: config.publicUrl,
  };

  const router = Router();
  router.use((req, _res, next) => next(isApplicationPath(req.path) || isBrowserMiss(req) ? undefined : 'router'));
  router.use('/assets', express.static(assetsDirectory(), { index: false, maxAge: '1h', fallthrough: false }));
  router.use(PAGE_POLICY);
  // Browsers send `Origin: null` with a form posted from a page whose policy is `no-referrer`
  // (helmet's default): pages tell their own origin to themselves, and nothing to other sites.
  router.use(helmet.referrerPolicy({ policy: 'same-origin' }));
  router.use((_req, res, next) => {
    // A page shows one account's data: no cache on the way keeps it.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(cookieParser());
  // A draft's editor sends every file of the draft (up to 500,000 characters, each up to 4 bytes
  // of UTF-8 and 3 characters of URL encoding per byte) and five fields per file; any other form is small.
  router.use(express.urlencoded({ extended: false, limit: '2mb', parameterLimit: 200, type: (req) => isForm(req) && !isDraftSave(req) }));
  router.use(express.urlencoded({ extended: false, limit: '8mb', parameterLimit: 400, type: (req) => isForm(req) && isDraftSave(req) }));
  router.use(loadSession(sessions, isPublicRead));
  router.use(checkForm);

  accountPages(router, context);
  // The Library's public pages, for everyone; /library/mine and the rest of the Library are signed in.
  libraryPages(router, context);
  const signedIn = Router();
  const signInFirst = requireSignIn(context);
  // A page of a signed-in section needs a session; a path of no section is the 404 page below, for anyone.
  signedIn.use((req, res, next) => (isApplicationPath(req.path) ? signInFirst(req, res, next) : next('router')));
  signedIn.use((req, res, next) => {
    res.locals.principal = webLocals(res).principal;
    context.limit(req, res, next);
  });
  settingsPages(signedIn, context);
  consentPages(signedIn, context);
  // Before the Memories' pages: /memories/export and /memories/import are not Memories' IDs.
  portabilityPages(signedIn, context);
  memoryPages(signedIn, context);
  subjectPages(signedIn, context);
  inboxPages(signedIn, context);
  creatorPages(signedIn, context);
  router.use(signedIn);
  router.use((req, res) => {
    sendPage(res, 404, <ErrorView frame={frame(req, res, 'Not found')} status={404} code="not_found" message="There is no page here." />);
  });
  router.use(pageErrors(logger));
  return router;
}

/** A failure while making a page: its own page, with the error's status and code (and a log line for our own failures). */
function pageErrors(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res, _next) => {
    const error = asAppError(err);
    if (error.status >= 500) logger.error({ error: safeError(err), request_id: res.locals.requestId }, 'page failed');
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    if (!res.locals.web) res.locals.web = { session: null, principal: null, csrfToken: '' };
    sendPage(res, error.status, <ErrorView frame={frame(req, res, 'Not possible')} status={error.status} code={error.code} message={error.message} />);
  };
}
