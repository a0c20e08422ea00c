import { ReadReplicas } from './db/replicas';
import express, { type Express } from 'express';
import { join } from 'node:path';
import helmet from 'helmet';
import pino, { type Logger } from 'pino';
import swaggerUi from 'swagger-ui-express';
import type { Config } from './config';
import { CONTRACT, CONTRACT_TEXT } from './contract-file';
import type { Database } from './db/connect';
import { AccountDirectory } from './domain/accounts/accounts';
import { createSessionVerifier } from './domain/accounts/sessions';
import { ActivityRecorder } from './domain/api-keys/activity';
import { ApiKeyAuthenticator } from './domain/api-keys/authenticator';
import type { Services } from './domain/services';
import { scheduleMaintenance } from './domain/maintenance/maintenance';
import type { ReviewCheck } from './domain/library/review';
import { AccountQueue } from './domain/shared/account-queue';
import { systemClock, type Clock } from './domain/shared/clock';
import { Signer } from './domain/shared/signer';
import { recordActivity, recordRefusalsBeforeTools } from './edge/activity';
import { authenticate, refuseCredentialsInUrl } from './edge/auth';
import { challengeWithResourceMetadata, mcpResource, publicOrigin } from './edge/public-url';
import { AuthorizationServer } from './domain/oauth/authorization-server';
import { embedderFor } from './domain/embeddings/embedders';
import { EmbeddingIndexer } from './domain/embeddings/indexer';
import { VectorIndex } from './domain/embeddings/vector-index';
import { oauthRouter } from './oauth/server';
import { errorHandler, safeError, sendError, unknownRoute } from './edge/errors';
import { checkErrorShapes, serviceUnavailable } from './pipeline/envelope';
import { noStore, requestId, requestLog } from './edge/request-context';
import { closeStalledAnswers } from './edge/write-timeout';
import {
  accountBudget,
  chargeRequest,
  failedAuthenticationLimiter,
  limiterStore,
  visitorLimiter,
  principalBudget,
  principalLimiter,
  type RedisConnection,
} from './edge/rate-limit';
import { IdempotencyStore } from './domain/idempotency/idempotency';
import { ExportSlots } from './domain/portability/export-slots';
import { RunningImports } from './domain/portability/running-imports';
import { handlers } from './routes';
import { MCP_PATH, mcpRouter } from './mcp/http';
import { checkOrigin } from './mcp/origin';
import { restRouter } from './http/rest-router';
import { OperationPipeline } from './pipeline/pipeline';
import { applicationRouter } from './web/application';

export interface AppDependencies {
  readonly config: Config;
  readonly database: Database;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly reviewChecks?: readonly ReviewCheck[];
  /** Shared limiter state (REDIS_URL); without it the limits are kept in this process. */
  readonly redis?: RedisConnection;
  /** How often a running request renews its idempotency claim (20 s); tests make it shorter. */
  readonly idempotencyRenewMs?: number;
  /** Whether Memories are embedded by a background worker (true); tests may drain the queue themselves. */
  readonly embedInBackground?: boolean;
}

export interface App {
  readonly express: Express;
  readonly services: Services;
  /** The background worker of search by meaning; null when EMBEDDINGS=off. */
  readonly embeddings: EmbeddingIndexer | null;
  /** Stops its timers and flushes buffered activity; the caller closes the database. */
  close(): Promise<void>;
}

const API_BASE = '/v1';

export function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'mtl' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Errors are logged by name, code, message and stack only: never a query's parameters.
    serializers: { err: safeError },
  });
}

export function createApp(deps: AppDependencies): App {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? createLogger(config);
  const apiKeys = new ApiKeyAuthenticator(database.db, clock);
  const activity = new ActivityRecorder(database.db, clock, logger, config.activityFlushMs);
  const embedder = embedderFor(config.embeddings);
  const services: Services = {
    db: database.db,
    clock,
    logger,
    activity,
    apiKeys,
    signer: new Signer(database.db),
    exports: new ExportSlots(config.exportConcurrency),
    imports: new RunningImports(),
    accountWrites: new AccountQueue(1, config.accountQueueWaitMs),
    singleConnection: database.kind === 'pglite',
    spoolDirectory: join(config.dataDir, 'spool'),
    trashRetentionDays: config.trashRetentionDays,
    embedder,
    vectors: new VectorIndex(database.db, { singleConnection: database.kind === 'pglite' }),
    ...(deps.reviewChecks ? { reviewChecks: deps.reviewChecks } : {}),
  };
  const replicas =
    config.databaseReplicaUrls.length > 0
      ? new ReadReplicas(config.databaseReplicaUrls, config.databasePoolSize, config.databasePreparedStatements, {
          statementTimeoutMs: config.databaseStatementTimeoutMs,
          lockTimeoutMs: config.databaseLockTimeoutMs,
          idleInTransactionTimeoutMs: config.databaseIdleTransactionTimeoutMs,
        })
      : null;
  // Search by meaning: Memories are embedded in the background, after their writes commit.
  const indexer = embedder ? new EmbeddingIndexer(database.db, embedder, services.vectors, clock, logger) : null;
  const idempotencyStore = new IdempotencyStore(database.db, clock, deps.idempotencyRenewMs);
  const oauth = new AuthorizationServer(database.db, clock, services.signer, config.oauth);
  const auth = {
    apiKeys,
    verifySession: createSessionVerifier(config.session),
    accounts: new AccountDirectory(database.db, clock),
    oauth,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);

  // One limiter of each kind for /v1 and /mcp (a key has one budget whichever way it calls); failed
  // authentications, credentials in any URL among them, are counted per address.
  const limiterStores = [
    limiterStore(deps.redis, 'mtl:rl:auth:'),
    limiterStore(deps.redis, 'mtl:rl:principal:'),
    limiterStore(deps.redis, 'mtl:rl:account:'),
    limiterStore(deps.redis, 'mtl:rl:sign-in:'),
    limiterStore(deps.redis, 'mtl:rl:visitor:'),
    limiterStore(deps.redis, 'mtl:rl:oauth-register:'),
    limiterStore(deps.redis, 'mtl:rl:oauth-authorize:'),
    limiterStore(deps.redis, 'mtl:rl:oauth-token:'),
    limiterStore(deps.redis, 'mtl:rl:oauth-revoke:'),
  ] as const;
  const failedAuthentication = failedAuthenticationLimiter(config.authFailureLimitPerMinute, limiterStores[0]);

  app.use(closeStalledAnswers(config.responseWriteTimeoutMs));
  app.use(requestId);
  app.use(requestLog(logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null },
      },
    }),
  );
  // Every path, not only the API's: a key in any URL would be kept by proxies and logs.
  app.use(refuseCredentialsInUrl(failedAuthentication));

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, data: { status: 'ok' } });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await database.ping();
      // With search by meaning: the model, and whether every Memory written is embedded.
      const embeddings = indexer
        ? { embeddings: { model: indexer.model, neighbours: await services.vectors.mode(), up_to_date: await indexer.upToDate() } }
        : {};
      res.json({ ok: true, data: { status: 'ready', ...embeddings, ...(replicas ? { replicas: replicas.describe() } : {}) } });
    } catch {
      sendError(res, serviceUnavailable());
    }
  });
  app.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(CONTRACT_TEXT);
  });
  // "Try it out" sends its requests to the server the page came from (a relative URL): the
  // contract's first server, localhost:3000, is another origin on any other address, which the
  // page's Content-Security-Policy (connect-src 'self') refuses.
  const reference = { ...CONTRACT, servers: [{ url: API_BASE, description: 'This server' }] };
  app.use('/docs', swaggerUi.serveFiles(reference), swaggerUi.setup(reference, { customSiteTitle: 'MTL API reference' }));

  // OAuth access tokens are for the MCP endpoint alone (their resource); /v1 refuses them.
  const authenticated = authenticate(auth, () => ({ oauthResource: null }), failedAuthentication);
  const authenticatedAtMcp = authenticate(auth, (req) => ({ oauthResource: mcpResource(publicOrigin(req, config.publicUrl)) }), failedAuthentication);
  // The credential's own budget first: a request it may not make uses none of its account's.
  const budgets = [
    principalBudget(config.rateLimitPerMinute, limiterStores[1]),
    accountBudget(config.accountRateLimitPerMinute, limiterStores[2]),
  ];
  const limited = principalLimiter(budgets);

  if (config.validateResponses) checkErrorShapes();

  // REST and MCP are two transports over one operation pipeline.
  const pipeline = new OperationPipeline({
    services,
    handlers,
    idempotency: idempotencyStore,
    logger,
    accounts: new AccountQueue(config.accountConcurrency, config.accountQueueWaitMs),
    ...(replicas ? { replicas } : {}),
  });
  const charge = chargeRequest(budgets);
  // MCP clients connect by URL: OAuth's metadata, registration, authorization and tokens.
  app.use(
    oauthRouter({
      server: oauth,
      publicUrl: config.publicUrl,
      registrationsPerHour: config.oauth.registrationsPerHour,
      requestsPerMinute: config.oauth.requestsPerMinute,
      stores: { register: limiterStores[5], authorize: limiterStores[6], token: limiterStores[7], revoke: limiterStores[8] },
    }),
  );
  app.use(
    MCP_PATH,
    noStore,
    checkOrigin(config.mcpAllowedOrigins),
    challengeWithResourceMetadata(config.publicUrl),
    authenticatedAtMcp,
    recordRefusalsBeforeTools(pipeline, MCP_PATH),
    limited,
    mcpRouter({ pipeline, logger, charge }),
  );
  app.use(
    API_BASE,
    noStore,
    authenticated,
    recordActivity(pipeline),
    restRouter({
      pipeline,
      basePath: API_BASE,
      validateResponses: config.validateResponses,
      limit: limited,
    }),
  );
  // The application's pages: a third transport of the same pipeline.
  app.use(
    applicationRouter({
      db: database.db,
      clock,
      config,
      logger,
      pipeline,
      oauth,
      throttleStore: limiterStores[3],
      limit: limited,
      limitVisitors: visitorLimiter(config.visitorRateLimitPerMinute, limiterStores[4]),
    }),
  );
  app.use(unknownRoute);
  app.use(errorHandler(logger));

  const stopMaintenance = scheduleMaintenance(services, logger);
  if (deps.embedInBackground !== false) indexer?.start();
  return {
    express: app,
    services,
    embeddings: indexer,
    close: async () => {
      stopMaintenance();
      await indexer?.stop();
      // The local model's worker starts again when another app of the process embeds.
      await embedder?.close();
      await Promise.all(limiterStores.map((store) => store.shutdown?.()));
      await activity.close();
      await replicas?.close();
    },
  };
}
