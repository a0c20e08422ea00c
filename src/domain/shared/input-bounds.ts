/**
 * The checks of a request's shape that bound what a full validation of it may cost: arrays longer
 * than their schema's `maxItems` and properties an object's schema does not have. A validator that
 * reports every error (as the service's validators do) spends time on each item of an array, and
 * on a schema reached through `$ref` concatenates each item's errors onto all before it, so an
 * array of 80,000 wrong items cost seconds; these checks walk the value once, descend into nothing
 * they refuse, and run before the full validation, which is skipped when they find anything.
 *
 * The schemas are the contract's, with references already inlined (as `npm run codegen` writes
 * them). Errors are shaped as Ajv's, so each caller words them as it words its validator's.
 */

/** JSON values nest at most this deep: deeper is refused before anything walks them. */
export const MAX_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const COMMA = 0x2c;

/** What JSON text may hold before it is parsed. */
export interface TextBounds {
  /** How deep it may nest. */
  readonly depth: number;
  /** How many values it may hold in its arrays and objects, all levels together (items and members). */
  readonly values: number;
}

/**
 * Which bound JSON text breaks, read from the text before it is parsed, or null: parsing is what
 * costs (a million `[` become a million arrays; a 2 MiB array of a million numbers takes 0.2 s
 * to parse, and far more memory than its text), and no request or record of the contract needs
 * more than a few hundred values. Values are counted as commas and containers, which is at least
 * their number. Text that is not JSON may be misread here; the parser refuses it after.
 */
export function textExceeds(text: string, bounds: TextBounds): 'depth' | 'values' | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === COMMA) {
      if ((values += 1) > bounds.values) return 'values';
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if ((depth += 1) > bounds.depth) return 'depth';
      if ((values += 1) > bounds.values) return 'values';
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return null;
}

/** A schema as these checks read it: the keywords they need, inlined. */
interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly maxItems?: number;
  readonly items?: SchemaNode;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly additionalProperties?: boolean | SchemaNode;
  readonly allOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly anyOf?: readonly SchemaNode[];
  readonly discriminator?: { readonly propertyName: string };
  readonly enum?: readonly unknown[];
}

/** One broken bound, as Ajv reports the same rule. */
export interface BoundError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: 'maxItems' | 'additionalProperties';
  readonly params: { readonly limit: number } | { readonly additionalProperty: string };
  readonly message: string;
}

export interface BoundsVerdict {
  /** The first errors found, at most `max`. */
  readonly errors: readonly BoundError[];
  /** How many were found in all. */
  readonly total: number;
}

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** The schemas a value must meet at once: the node and its `allOf` parts, with a discriminated `oneOf`'s chosen branch. */
function applicable(schema: SchemaNode, value: unknown): SchemaNode[] {
  const found: SchemaNode[] = [];
  const pending: SchemaNode[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop()!;
    found.push(node);
    if (node.allOf) pending.push(...node.allOf);
    const branch = node.oneOf && node.discriminator ? chosenBranch(node.oneOf, node.discriminator.propertyName, value) : undefined;
    if (branch) pending.push(branch);
    // Any other `oneOf` or `anyOf` cannot be told apart without validating: the full validation checks it.
  }
  return found;
}

/** The branch whose discriminator property allows the value's, if the value names one. */
function chosenBranch(branches: readonly SchemaNode[], property: string, value: unknown): SchemaNode | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const named = (value as Record<string, unknown>)[property];
  return branches.find((branch) => applicable(branch, undefined).some((part) => part.properties?.[property]?.enum?.includes(named)));
}

/** Where the walk is: how deep, and the JSON pointer of the value (built only when asked for). */
export interface Place {
  readonly depth: number;
  pointer(): string;
  /** The value's property name or index in its parent; undefined for the root. */
  key(): string | number | undefined;
}

interface Frame {
  readonly value: object;
  /** An object's property names; null for an array. */
  readonly names: readonly string[] | null;
  readonly length: number;
  index: number;
}

const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object';

function frameOf(value: object): Frame {
  const names = Array.isArray(value) ? null : Object.keys(value);
  return { value, names, length: names ? names.length : (value as unknown[]).length, index: 0 };
}

/**
 * Visits `root` and every value nested in it, depth first in the value's order, without recursion
 * and holding only the path to the value being visited (a body may nest deeper than the stack
 * allows, and hold a million items). `visit` returns whether to look into the value.
 */
export function forEachNested(root: unknown, rootPointer: string, visit: (value: unknown, place: Place) => boolean): void {
  const frames: Frame[] = [];
  const place: Place = {
    get depth() {
      return frames.length;
    },
    pointer() {
      let pointer = rootPointer;
      for (const frame of frames) pointer += `/${frame.names ? escapePointer(frame.names[frame.index]!) : frame.index}`;
      return pointer;
    },
    key() {
      const frame = frames[frames.length - 1];
      if (!frame) return undefined;
      return frame.names ? frame.names[frame.index] : frame.index;
    },
  };
  if (!visit(root, place) || !isContainer(root)) return;
  frames.push(frameOf(root));
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.index >= frame.length) {
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) parent.index += 1;
      continue;
    }
    const child = frame.names ? (frame.value as Record<string, unknown>)[frame.names[frame.index]!] : (frame.value as unknown[])[frame.index];
    if (visit(child, place) && isContainer(child)) frames.push(frameOf(child));
    else frame.index += 1;
  }
}

/**
 * Walks `value` against `schema` and returns the bounds it breaks: the first `max` of them and
 * how many in all. An array over its `maxItems`, or an object's unknown property (unless
 * `unknownProperties` is false), is reported and not looked into.
 */
export function boundsErrors(schema: object, value: unknown, max: number, options: { unknownProperties?: boolean } = {}): BoundsVerdict {
  const unknownProperties = options.unknownProperties ?? true;
  const errors: BoundError[] = [];
  let total = 0;
  const report = (error: BoundError) => {
    total += 1;
    if (errors.length < max) errors.push(error);
  };
  // The schemas that apply to each value being looked into, by depth; a value's own are worked out from its parent's.
  const schemas: SchemaNode[][] = [];
  forEachNested(value, '', (item, place) => {
    const node = place.depth === 0 ? (schema as SchemaNode) : childSchema(schemas[place.depth - 1]!, place);
    if (node === undefined || !isContainer(item)) return false;
    const parts = applicable(node, item);
    if (Array.isArray(item)) {
      const limit = Math.min(...parts.map((part) => part.maxItems ?? Infinity));
      if (item.length > limit) {
        report({ instancePath: place.pointer(), schemaPath: '#/maxItems', keyword: 'maxItems', params: { limit }, message: `must NOT have more than ${limit} items` });
        return false;
      }
    } else if (unknownProperties && parts.some((part) => part.additionalProperties === false)) {
      for (const name of Object.keys(item)) {
        if (parts.some((part) => part.properties?.[name] !== undefined)) continue;
        report({
          instancePath: place.pointer(),
          schemaPath: '#/additionalProperties',
          keyword: 'additionalProperties',
          params: { additionalProperty: name },
          message: 'must NOT have additional properties',
        });
      }
    }
    schemas[place.depth] = parts;
    return true;
  });
  return { errors, total };
}

/** The schema of the value the walk is at, from the schemas of its parent; undefined when none applies (nothing to check in it). */
function childSchema(parents: readonly SchemaNode[], place: Place): SchemaNode | undefined {
  const key = place.key();
  if (key === undefined) return undefined;
  const found: SchemaNode[] = [];
  for (const part of parents) {
    if (typeof key === 'number') {
      if (part.items) found.push(part.items);
    } else {
      const known = part.properties?.[key];
      if (known) found.push(known);
      else if (typeof part.additionalProperties === 'object') found.push(part.additionalProperties);
    }
  }
  if (found.length === 0) return undefined;
  return found.length === 1 ? found[0] : { allOf: found };
}
