#!/usr/bin/env node
// Generates src/generated/ from openapi.yaml: the TypeScript types (openapi-typescript) and a
// module of contract facts (operations, limits, enum values) that the code reads instead of
// keeping a second copy; the contract itself as JSON (openapi.json, read faster than the YAML); and the official client's types and operation table
// (clients/typescript/src/generated/). `--check` fails when the committed files are out of date.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import YAML from 'yaml';
import AjvModule, { _ as ajvCode } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';

const Ajv = AjvModule.default ?? AjvModule;
const addFormats = addFormatsModule.default ?? addFormatsModule;
const standaloneCode = standaloneModule.default ?? standaloneModule;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = join(root, 'openapi.yaml');
const outDir = join(root, 'src', 'generated');
const check = process.argv.includes('--check');

const HEADER = '// Generated from openapi.yaml by `npm run codegen`. Do not edit by hand.\n';
const specText = readFileSync(specPath, 'utf8');
const spec = YAML.parse(specText);

/**
 * The contract as JSON, with the SHA-256 of the YAML it was made from: the service reads it
 * instead of parsing the YAML (about 100 times faster) while the two agree.
 */
function contractJson() {
  const sha256 = createHash('sha256').update(specText).digest('hex');
  return JSON.stringify({ sha256, document: YAML.parse(specText) }) + '\n';
}

function resolvePointer(pointer) {
  if (!pointer.startsWith('#/')) throw new Error(`Only local references are supported: ${pointer}`);
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => {
      if (node === undefined || !(key in node)) throw new Error(`Unresolvable pointer ${pointer}`);
      return node[key];
    }, spec);
}

/** Inlines every local $ref (the contract has no recursive schemas). */
function deref(node, seen = new Set()) {
  if (Array.isArray(node)) return node.map((item) => deref(item, seen));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`Recursive reference ${node.$ref}`);
    const next = new Set(seen).add(node.$ref);
    const { $ref, ...siblings } = node;
    return { ...deref(resolvePointer($ref), next), ...deref(siblings, next) };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, deref(value, seen)]));
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function collectOperations() {
  const operations = {};
  for (const [path, item] of Object.entries(spec.paths)) {
    const shared = item.parameters ?? [];
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security = op.security ?? spec.security ?? [];
      const schemes = security.flatMap((requirement) => Object.keys(requirement));
      const sessionOnly = schemes.length > 0 && schemes.every((scheme) => scheme === 'session');
      const readOnly = method === 'get' || op['x-mtl-read-only'] === true;
      const parameters = [...shared, ...(op.parameters ?? [])].map((p) => deref(p));
      const content = op.requestBody ? deref(op.requestBody).content ?? {} : {};
      const body = content['application/json']?.schema;
      const bodyMediaType = Object.keys(content)[0] ?? null;
      const success = Object.keys(op.responses).filter((status) => /^2\d\d$/.test(status)).map(Number);
      operations[op.operationId] = {
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? null,
        summary: op.summary ?? '',
        description: (op.description ?? '').trim(),
        access: sessionOnly ? 'session' : readOnly ? 'read' : 'write',
        idempotent: op['x-mtl-idempotent'] === true,
        // Published data that the Library website shows to visitors without an account (`x-mtl-visitors`).
        visitors: op['x-mtl-visitors'] === true,
        // False for a REST-only operation (`x-mtl-mcp-tool: false`, such as a streamed body).
        mcpTool: sessionOnly ? false : op['x-mtl-mcp-tool'] !== false,
        successStatus: success,
        parameters: parameters.map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required === true,
          description: p.description ?? null,
          schema: p.schema,
        })),
        requestBody: body ?? null,
        // The body fields the service fills in when they are absent (`x-mtl-when-absent`).
        bodyDefaults: Object.fromEntries(
          Object.entries(body?.properties ?? {}).flatMap(([name, schema]) =>
            schema['x-mtl-when-absent'] === undefined ? [] : [[name, schema['x-mtl-when-absent']]],
          ),
        ),
        bodyMediaType,
      };
    }
  }
  return operations;
}

function enumOf(pointer) {
  const schema = deref(resolvePointer(pointer));
  if (!Array.isArray(schema.enum)) throw new Error(`${pointer} has no enum`);
  return schema.enum;
}

function valueAt(pointer) {
  const value = resolvePointer(pointer);
  if (typeof value !== 'number') throw new Error(`${pointer} is not a number`);
  return value;
}

function parameterSchema(path, method, name) {
  const item = spec.paths[path];
  const params = [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map((p) => deref(p));
  const found = params.find((p) => p.name === name);
  if (!found) throw new Error(`No parameter ${name} on ${method} ${path}`);
  return found.schema;
}

function contractModule() {
  const limits = {
    pageSizeDefault: valueAt('#/components/parameters/Limit/schema/default'),
    pageSizeMax: valueAt('#/components/parameters/Limit/schema/maximum'),
    memoryPreviewChars: enumOf('#/components/schemas/BatchBudget/properties/per_item')[0],
    batchTotalChars: enumOf('#/components/schemas/BatchBudget/properties/total')[0],
    batchMaxIds: parameterSchema('/memories/batch', 'get', 'ids').maxItems,
    searchLimitDefault: parameterSchema('/memories/search', 'get', 'limit').default,
    startupMaxCharsDefault: parameterSchema('/context/startup', 'get', 'max_chars').default,
    resumeMaxCharsDefault: parameterSchema('/context/resume', 'get', 'max_chars').default,
    subjectContextMaxCharsDefault: parameterSchema('/subjects/{subject_id}/context', 'get', 'max_chars').default,
    contextMapDepthDefault: parameterSchema('/memories/{id}/context-map', 'get', 'depth').default,
    contextMapMaxNodesDefault: parameterSchema('/memories/{id}/context-map', 'get', 'max_nodes').default,
    templatesMax: enumOf('#/components/schemas/CreatorLimits/properties/templates_max')[0],
    apiKeysMax: enumOf('#/components/schemas/ApiKeysMax')[0],
    draftFilesMax: valueAt('#/components/schemas/DraftFiles/maxItems'),
    draftFileCharsMax: valueAt('#/components/schemas/DraftFileContent/maxLength'),
    draftTotalCharsMax: enumOf('#/components/schemas/DraftTotalChars')[0],
    draftPathCharsMax: valueAt('#/components/schemas/DraftFilePath/maxLength'),
    draftBodyBytesMax: enumOf('#/components/schemas/CreatorLimits/properties/body_bytes_max')[0],
    readMaxCharsPerFileDefault: valueAt('#/components/schemas/DraftReadRequest/properties/max_chars_per_file/x-mtl-when-absent'),
    readMaxTotalCharsDefault: valueAt('#/components/schemas/DraftReadRequest/properties/max_total_chars/x-mtl-when-absent'),
    librarySearchLimitDefault: parameterSchema('/library/templates', 'get', 'limit').default,
    contextMapLabelChars: deref(resolvePointer('#/components/schemas/ContextMapNode')).properties.label.maxLength,
    memoryRevisionMax: valueAt('#/components/schemas/ExportMemory/properties/revision/maximum'),
  };
  const enums = {
    errorCode: enumOf('#/components/schemas/KnownErrorCode'),
    memoryType: enumOf('#/components/schemas/MemoryType'),
    sensitivity: enumOf('#/components/schemas/Sensitivity'),
    apiKeyMode: enumOf('#/components/schemas/ApiKeyMode'),
    subjectKind: enumOf('#/components/schemas/SubjectKind'),
    templateLicense: enumOf('#/components/schemas/TemplateLicense'),
    templateCategory: enumOf('#/components/schemas/TemplateCategory'),
  };
  const patterns = {
    draftFilePath: resolvePointer('#/components/schemas/DraftFilePath/pattern'),
  };
  const operations = collectOperations();
  // The data schema of each record type of an export, as JSON Schema: what an import checks each line against.
  const exportRecord = resolvePointer('#/components/schemas/ExportRecord');
  const exportRecordSchemas = Object.fromEntries(
    Object.entries(exportRecord.discriminator.mapping).map(([type, ref]) => [type, toJsonSchema(deref(resolvePointer(ref)).properties.data)]),
  );
  const json = (value) => JSON.stringify(value, null, 2);
  return (
    HEADER +
    `/* eslint-disable */\n` +
    `export const limits = ${json(limits)} as const;\n\n` +
    `export const enums = ${json(enums)} as const;\n\n` +
    `export const patterns = ${json(patterns)} as const;\n\n` +
    `export type OperationAccess = 'read' | 'write' | 'session';\n\n` +
    `export const operations = ${json(operations)} as const;\n\n` +
    `export const exportRecordSchemas = ${json(exportRecordSchemas)} as const;\n\n` +
    `export type OperationId = keyof typeof operations;\n`
  );
}

async function typesModule() {
  const ast = await openapiTS(new URL(`file://${specPath}`), {
    alphabetize: false,
    exportType: true,
    immutable: false,
    // Every schema also as a type of its own name (`Memory`), for the domain to import.
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
  });
  return HEADER + astToString(ast);
}

/** OpenAPI 3.0 schema to JSON Schema (for MCP tools): `nullable` becomes a null type, OpenAPI-only keys go. */
function toJsonSchema(node) {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const { nullable, example, discriminator, xml, externalDocs, 'x-mtl-when-absent': whenAbsent, ...rest } = node;
  // What the service uses for an absent field is the JSON Schema default of a tool argument.
  if (whenAbsent !== undefined) rest.default = whenAbsent;
  const schema = Object.fromEntries(
    Object.entries(rest).map(([key, value]) =>
      key === 'properties' ? [key, Object.fromEntries(Object.entries(value).map(([name, s]) => [name, toJsonSchema(s)]))] : [key, toJsonSchema(value)],
    ),
  );
  if (nullable !== true) return schema;
  if (typeof schema.type === 'string') {
    const nullableSchema = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) nullableSchema.enum = [...new Set([...schema.enum, null])];
    return nullableSchema;
  }
  const { description, ...inner } = schema;
  return { ...(description ? { description } : {}), anyOf: [inner, { type: 'null' }] };
}

const BODY_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'description', 'title', 'minProperties']);

/** An argument name for a header parameter: Idempotency-Key becomes idempotency_key. */
const argumentName = (parameter) => (parameter.in === 'header' ? parameter.name.toLowerCase().replace(/-/g, '_') : parameter.name);

/**
 * An answer's schema as clients must read it: fields added later within `v1` are allowed, so a
 * client checking `structuredContent` against a tool's `outputSchema` (an SDK client does) keeps
 * working when the server it reaches is newer than the schema, as the stdio server's may be.
 */
function tolerant(node) {
  if (Array.isArray(node)) return node.map(tolerant);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, tolerant(s)])) : tolerant(value)]),
  );
}

function successSchema(op) {
  const schemas = Object.entries(op.responses)
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => deref(response).content?.['application/json']?.schema)
    .filter(Boolean)
    .map((schema) => JSON.stringify(tolerant(toJsonSchema(schema))));
  const distinct = [...new Set(schemas)].map((text) => JSON.parse(text));
  if (distinct.length === 0) throw new Error(`${op.operationId} has no JSON success response`);
  return distinct.length === 1 ? distinct[0] : { type: 'object', anyOf: distinct };
}

function toolDescription(summary, op, notes) {
  return [summary, (op.description ?? '').trim(), ...notes].filter(Boolean).join('\n\n');
}

/**
 * What `tools/list` says of a tool, kept short for an agent's context: the contract's
 * `x-mtl-mcp-description` (what the tool does, when to use it, its limits), and whether it needs
 * a read-write key.
 */
function listedDescription(id, text, readOnly) {
  if (typeof text !== 'string' || text.trim() === '') throw new Error(`${id}: an MCP tool needs x-mtl-mcp-description`);
  return [text.trim().replace(/\s+/g, ' '), readOnly ? '' : 'Needs a read-write key.'].filter(Boolean).join(' ');
}

/** The keywords a listed input schema keeps: what a client needs to build a call. The server checks the full schema. */
const LISTED_KEYWORDS = new Set(['type', 'properties', 'required', 'items', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'default', 'format', 'anyOf', 'oneOf', 'description']);
const LISTED_DESCRIPTION_CHARS = 120;

/** An argument's description as listed: its `x-mtl-mcp-description`, or its description (or first sentence) when short. */
function listedArgumentDescription(schema) {
  const own = schema['x-mtl-mcp-description'];
  if (typeof own === 'string') return own.trim().replace(/\s+/g, ' ');
  if (typeof schema.description !== 'string') return undefined;
  const text = schema.description.trim().replace(/\s+/g, ' ');
  if (text.length <= LISTED_DESCRIPTION_CHARS) return text;
  const first = /^.*?\.(?=\s|$)/.exec(text)?.[0];
  return first && first.length <= LISTED_DESCRIPTION_CHARS ? first : undefined;
}

/**
 * A tool's input schema as `tools/list` gives it: the types, bounds, enums, defaults and short
 * descriptions of its arguments, with no type arrays (a nullable value is `anyOf` with null, which
 * every client's schema reader takes); patterns and long texts are left to the server's check.
 */
function listedSchema(node, top = true) {
  if (Array.isArray(node)) return node.map((item) => listedSchema(item, false));
  if (node === null || typeof node !== 'object') return node;
  // `allOf` (a reference with a description beside it) is read as one schema.
  if (Array.isArray(node.allOf)) {
    const { allOf, ...own } = node;
    return listedSchema(Object.assign({}, ...allOf, own), top);
  }
  const schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!LISTED_KEYWORDS.has(key) || key === 'description') continue;
    // Unknown arguments are refused by the server's check; the listing need not say so.
    if (key === 'additionalProperties') continue;
    // The largest integer the database stores, on every revision and budget: no client comes near it.
    if (key === 'maximum' && value === 2147483647) continue;
    if (key === 'properties') schema.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, listedSchema(s, false)]));
    else if (key === 'items' || key === 'anyOf' || key === 'oneOf') schema[key] = listedSchema(value, false);
    else schema[key] = value;
  }
  // "`note` when absent." says no more than the default beside it.
  const description = node.default !== undefined && /^`[^`]*` when absent\.$/.test(node.description ?? '') ? undefined : listedArgumentDescription(node);
  if (description && !top) schema.description = description;
  if (Array.isArray(schema.type)) {
    // One branch per type; a nullable one's enum keeps its values, and null is a branch of its own.
    const { type, enum: values, description: said, default: fallback, ...rest } = schema;
    const branches = type.map((t) => (t === 'null' ? { type: 'null' } : { ...rest, type: t, ...(values ? { enum: values.filter((v) => v !== null) } : {}) }));
    return { ...(said ? { description: said } : {}), ...(fallback !== undefined ? { default: fallback } : {}), anyOf: branches };
  }
  return schema;
}

/**
 * One MCP tool per public operation (one per action for the Template workflow), its input schema
 * built from the operation's parameters and request body: path, query and header parameters and
 * the body's properties become the tool's arguments.
 */
function collectTools() {
  const tools = [];
  const names = new Set();
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const id = op.operationId;
      const security = op.security ?? spec.security ?? [];
      const sessionOnly = security.length > 0 && security.flatMap((r) => Object.keys(r)).every((s) => s === 'session');
      const single = op['x-mtl-mcp-tool'];
      const perAction = op['x-mtl-mcp-tools'];
      // `x-mtl-mcp-tool: false`: a REST-only operation (a streamed body, say), stated in the contract.
      if (single === false) continue;
      // An application-only operation is no MCP tool, but the application's forms call it with
      // arguments too: its shape is named after its operation ID (createApiKey: create_api_key).
      if (sessionOnly && (single || perAction)) throw new Error(`${id} is application-only and cannot be an MCP tool`);
      if (!sessionOnly && !single && !perAction) throw new Error(`${id} has no x-mtl-mcp-tool name`);
      const readOnly = method === 'get' || op['x-mtl-read-only'] === true;
      const idempotent = op['x-mtl-idempotent'] === true;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(p));
      const argumentsOf = {};
      const properties = {};
      const required = [];
      for (const parameter of parameters) {
        const name = argumentName(parameter);
        const schema = toJsonSchema(parameter.schema);
        const described = parameter.description && !schema.description ? { ...schema, description: parameter.description.trim() } : schema;
        properties[name] = parameter['x-mtl-mcp-description'] ? { ...described, 'x-mtl-mcp-description': parameter['x-mtl-mcp-description'] } : described;
        if (parameter.required) required.push(name);
        argumentsOf[name] = { in: parameter.in, name: parameter.name };
      }
      const body = op.requestBody ? deref(op.requestBody) : null;
      const bodySchema = body?.content?.['application/json']?.schema;
      const notes = [
        sessionOnly ? 'Application only (a session).' : readOnly ? '' : 'Needs a read-write API key (or an application session).',
        idempotent ? 'Pass `idempotency_key` to make a retry safe: a repeat returns the first answer.' : '',
      ];
      const variants = perAction
        ? Object.entries(bodySchema.discriminator.mapping).map(([action, ref]) => {
            const tool = perAction[action];
            if (!tool) throw new Error(`${id}: no tool for action ${action}`);
            const variant = deref({ $ref: ref });
            const { [bodySchema.discriminator.propertyName]: _fixed, ...rest } = variant.properties;
            return {
              name: tool.name,
              summary: tool.summary,
              listed: tool.description,
              destructive: tool.destructive === true,
              fixedBody: { [bodySchema.discriminator.propertyName]: action },
              body: { ...variant, properties: rest, required: (variant.required ?? []).filter((r) => r !== bodySchema.discriminator.propertyName) },
            };
          })
        : [
            {
              name: sessionOnly ? snakeCase(id) : single,
              summary: op.summary,
              listed: op['x-mtl-mcp-description'],
              destructive: op['x-mtl-destructive'] === true,
              fixedBody: {},
              body: bodySchema ?? null,
            },
          ];
      for (const variant of variants) {
        if (names.has(variant.name)) throw new Error(`Duplicate MCP tool name ${variant.name}`);
        names.add(variant.name);
        const toolProperties = { ...properties };
        const toolRequired = [...required];
        const bodyArguments = [];
        if (variant.body) {
          if (variant.body.type !== 'object' || !variant.body.properties) throw new Error(`${id}: the request body must be an object schema`);
          // Flattening keeps these rules (minProperties is checked on the assembled body); any
          // other body-level keyword would be lost, so it stops the build.
          const unsupported = Object.keys(variant.body).filter((key) => !BODY_KEYWORDS.has(key));
          if (unsupported.length > 0) throw new Error(`${id}: body keywords ${unsupported.join(', ')} cannot become tool arguments`);
          for (const [name, schema] of Object.entries(variant.body.properties)) {
            if (name in toolProperties) throw new Error(`${id}: body property ${name} collides with a parameter`);
            toolProperties[name] = toJsonSchema(schema);
            bodyArguments.push(name);
          }
          toolRequired.push(...(variant.body.required ?? []));
        }
        tools.push({
          name: variant.name,
          operationId: id,
          mcp: !sessionOnly,
          title: variant.summary,
          description: toolDescription(variant.summary, op, notes),
          listedDescription: sessionOnly ? '' : listedDescription(variant.name, variant.listed, readOnly),
          readOnly,
          // A write that can remove or overwrite what is there (not only add to it): a replacement
          // or change (PUT, PATCH), a deletion, or an action the contract marks (`destructive`).
          destructive: !readOnly && (['put', 'patch', 'delete'].includes(method) || variant.destructive),
          idempotent,
          parameters: argumentsOf,
          bodyArguments,
          hasBody: variant.body !== null,
          bodyMinProperties: variant.body?.minProperties ?? 0,
          fixedBody: variant.fixedBody,
          inputSchema: {
            type: 'object',
            additionalProperties: false,
            properties: toolProperties,
            ...(toolRequired.length > 0 ? { required: toolRequired } : {}),
          },
          outputSchema: successSchema(op),
        });
        const tool = tools[tools.length - 1];
        tool.listedInputSchema = listedSchema(tool.inputSchema);
      }
    }
  }
  return tools;
}

/** createApiKey: create_api_key. */
function snakeCase(id) {
  return id.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function mcpToolsModule(tools) {
  const json = (value) => JSON.stringify(value, null, 2);
  return (
    HEADER +
    `/* eslint-disable */\n` +
    `import type { OperationId } from './contract';\n\n` +
    `export interface McpToolDefinition {\n` +
    `  readonly name: string;\n` +
    `  readonly operationId: OperationId;\n` +
    `  /** Offered over MCP; an application-only operation's shape serves the application's forms only. */\n` +
    `  readonly mcp: boolean;\n` +
    `  readonly title: string;\n` +
    `  /** The whole description (the contract's summary and description). */\n` +
    `  readonly description: string;\n` +
    `  /** What tools/list says: a few sentences (the contract's x-mtl-mcp-description). */\n` +
    `  readonly listedDescription: string;\n` +
    `  readonly readOnly: boolean;\n` +
    `  /** The tool may remove or overwrite data (MCP's destructiveHint), not only add to it. */\n` +
    `  readonly destructive: boolean;\n` +
    `  readonly idempotent: boolean;\n` +
    `  /** Arguments that are parameters: where each goes in the HTTP request. */\n` +
    `  readonly parameters: Readonly<Record<string, { readonly in: 'path' | 'query' | 'header'; readonly name: string }>>;\n` +
    `  /** Arguments that are properties of the request body. */\n` +
    `  readonly bodyArguments: readonly string[];\n` +
    `  readonly hasBody: boolean;\n` +
    `  /** The body's minProperties: how many body arguments the call must give. */\n` +
    `  readonly bodyMinProperties: number;\n` +
    `  /** Body properties the tool sets itself (the workflow action). */\n` +
    `  readonly fixedBody: Readonly<Record<string, string>>;\n` +
    `  readonly inputSchema: { readonly type: 'object'; readonly [key: string]: unknown };\n` +
    `  /** The input schema as tools/list gives it: compact and portable; calls are checked against inputSchema. */\n` +
    `  readonly listedInputSchema: { readonly type: 'object'; readonly [key: string]: unknown };\n` +
    `  readonly outputSchema: { readonly type: 'object'; readonly [key: string]: unknown };\n` +
    `}\n\n` +
    `/** How every operation that takes arguments takes them: the MCP tools, and the application-only operations' forms. */\n` +
    `export const argumentShapes: readonly McpToolDefinition[] = ${json(tools)};\n\n` +
    `export const mcpTools: readonly McpToolDefinition[] = argumentShapes.filter((shape) => shape.mcp);\n`
  );
}

/**
 * The validators of every operation's arguments (as MCP tools and the application's forms send
 * them), compiled by Ajv into standalone code: the service runs them without compiling a schema.
 * They are Ajv's validators with every error (`allErrors`), no coercion of types, and the
 * defaults of the schema filled in. Formats the code cannot hold inline (a function such as the
 * service's own `date-time`) are taken from CONTRACT_FORMATS at run time.
 */
function argumentValidatorsModule(tools) {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    useDefaults: true,
    coerceTypes: false,
    code: { source: true, esm: true, formats: ajvCode`require("../domain/shared/instants").CONTRACT_FORMATS` },
  });
  addFormats(ajv);
  // The same kind of definition as the service's (an object with `validate`): the code calls it so.
  ajv.addFormat('date-time', { type: 'string', validate: () => true });
  const exports = {};
  for (const tool of tools) {
    ajv.addSchema(tool.inputSchema, tool.name);
    exports[tool.name] = tool.name;
  }
  return HEADER + '// @ts-nocheck\n/* eslint-disable */\n' + standaloneCode(ajv, exports) + '\n';
}

/** The official client's types: openapi-typescript with its default options, as a client team runs it. */
async function clientSchemaModule() {
  return HEADER + astToString(await openapiTS(new URL(`file://${specPath}`)));
}

/** The official client's table of operations: method and path of each operation ID. */
function clientOperationsModule() {
  const table = Object.fromEntries(
    Object.entries(collectOperations()).map(([id, op]) => [id, { method: op.method.toLowerCase(), path: op.path }]),
  );
  return (
    HEADER +
    `export const operations = ${JSON.stringify(table, null, 2)} as const;\n\n` +
    `export type OperationId = keyof typeof operations;\n`
  );
}

const clientDir = join(root, 'clients', 'typescript', 'src', 'generated');
const tools = collectTools();
const outputs = {
  [join(outDir, 'openapi.ts')]: await typesModule(),
  [join(outDir, 'contract.ts')]: contractModule(),
  [join(outDir, 'mcp-tools.ts')]: mcpToolsModule(tools),
  [join(outDir, 'argument-validators.ts')]: argumentValidatorsModule(tools),
  [join(outDir, 'openapi.json')]: contractJson(),
  [join(clientDir, 'schema.ts')]: await clientSchemaModule(),
  [join(clientDir, 'operations.ts')]: clientOperationsModule(),
};

let stale = [];
for (const [target, content] of Object.entries(outputs)) {
  const name = relative(root, target);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (current === content) continue;
  if (check) stale.push(name);
  else {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    console.log(`wrote ${name}`);
  }
}
if (check) {
  if (stale.length > 0) {
    console.error(`Generated files are out of date: ${stale.join(', ')}. Run \`npm run codegen\` and commit.`);
    process.exit(1);
  }
  console.log('Generated files are up to date.');
}
