/**
 * The layers of `src/` and the rule that no module depends on itself through others, checked by
 * `npm run lint:layers` (part of `npm test`).
 *
 *   transports (src/http: REST, src/mcp, src/oauth: OAuth for MCP, src/web: the application's pages)  →  edge (src/edge: the HTTP server's plumbing)
 *     →  pipeline (src/pipeline)  →  handlers (src/routes)  →  domain  →  db
 *
 * Every arrow points down: the domain never reaches a transport or the pipeline, the database
 * layer never reaches the domain (its migrations are frozen: no application code), no transport
 * reaches another, and what transports share lies below them all (the edge, the pipeline).
 */
const TRANSPORTS = ['http', 'mcp', 'oauth', 'web'];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules that depend on each other, through any number of others (type-only imports too), cannot be read apart.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'domain-below-transports-and-pipeline',
      severity: 'error',
      comment: 'The domain holds the rules; it knows nothing of how a request arrived.',
      from: { path: '^src/domain/' },
      to: { path: ['^src/(http|mcp|pipeline|routes)/', '^src/(app|server)\\.ts$'] },
    },
    {
      name: 'db-below-domain',
      severity: 'error',
      comment: 'The database layer (connections, schema, frozen migrations) never imports application code.',
      from: { path: '^src/db/' },
      to: { path: ['^src/(domain|http|mcp|pipeline|routes)/', '^src/(app|server)\\.ts$'] },
    },
    {
      name: 'pipeline-below-transports',
      severity: 'error',
      comment: 'The pipeline serves every transport and imports none.',
      from: { path: '^src/(pipeline|routes)/' },
      to: { path: [`^src/(${TRANSPORTS.join('|')}|edge)/`, '^src/(app|server)\\.ts$'] },
    },
    {
      name: 'edge-below-transports',
      severity: 'error',
      comment: 'The HTTP plumbing every transport shares (request IDs, credentials, limits, bodies) knows none of them.',
      from: { path: '^src/edge/' },
      to: { path: [`^src/(${TRANSPORTS.join('|')})/`, '^src/(app|server)\\.ts$'] },
    },
    {
      name: 'derived-state-through-projections',
      severity: 'error',
      comment:
        'Derived state (search index, insights, link and section counts, change feed) is written only by the projections; ' +
        'the rest of the code hands them its changes through projections.ts and never reaches a projection itself.',
      from: { pathNot: '^src/domain/projections/' },
      to: { path: '^src/domain/projections/', pathNot: '^src/domain/projections/projections\\.ts$' },
    },
    ...TRANSPORTS.map((transport) => ({
      name: `${transport}-apart-from-other-transports`,
      severity: 'error',
      comment: 'A transport translates requests and answers; it shares nothing with another transport but what lies below both.',
      from: { path: `^src/${transport}/` },
      to: { path: `^src/(${TRANSPORTS.filter((other) => other !== transport).join('|')})/` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
