/**
 * How many times a path is percent-decoded to see what it holds. Clients and proxies encode a
 * path once, now and then twice; a path still changing after this many rounds was made to hide
 * what it holds.
 */
const DECODING_ROUNDS_MAX = 8;

/**
 * Escapes of ASCII characters. Every character of a key or a session token is ASCII, so these
 * are all that need decoding to find one; an escape of another byte, and a malformed one (`%zz`,
 * a lone `%`), stay as they are, so decoding never fails.
 */
const ASCII_ESCAPE = /%([0-7][0-9A-Fa-f])/g;

export interface PathDecodings {
  /** The path as sent, then as each round of decoding left it. */
  readonly forms: readonly string[];
  /** False when the path still changed after the last round. */
  readonly settled: boolean;
}

/** A path and what it decodes to, round after round, until a round changes nothing. */
export function percentDecodings(path: string): PathDecodings {
  const forms = [path];
  for (let round = 0; round <= DECODING_ROUNDS_MAX; round += 1) {
    const current = forms[forms.length - 1]!;
    const next = current.replace(ASCII_ESCAPE, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) return { forms, settled: true };
    if (round < DECODING_ROUNDS_MAX) forms.push(next);
  }
  return { forms, settled: false };
}

/**
 * Whether a path holds text of this shape, however many times it was percent-encoded. A path
 * that does not settle cannot be told apart from one that holds it, and is taken as holding it.
 */
export function pathHolds(path: string, shapes: readonly RegExp[]): boolean {
  if (!path.includes('%')) return shapes.some((shape) => shape.test(path));
  const { forms, settled } = percentDecodings(path);
  return !settled || forms.some((form) => shapes.some((shape) => shape.test(form)));
}
