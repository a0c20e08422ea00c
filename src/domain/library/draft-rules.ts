import { limits, patterns } from '../../generated/contract';
import { parseKey, parseOAuthToken } from '../api-keys/key-format';
import { codePointLength } from '../shared/text';

export interface DraftFileInput {
  readonly path: string;
  readonly content: string;
}

export interface Violation {
  readonly rule: 'file_count' | 'path' | 'duplicate_path' | 'path_conflict' | 'file_size' | 'total_size' | 'text_only' | 'readme_missing';
  readonly path?: string;
  readonly line?: number;
  readonly message: string;
}

export const ROOT_README = 'README.md';
const PATH_PATTERN = new RegExp(patterns.draftFilePath);
// A segment ending with a dot, which Windows drops.
const TRAILING_DOT = /\.(?:\/|$)/;
// A segment named as a device on Windows: a file so named, whatever its extension, opens the device instead.
const WINDOWS_DEVICE = /(?:^|\/)(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(?:\.[^/]*)?(?:\/|$)/i;
// Control characters other than tab, line feed and carriage return make a file binary, not text.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Findings a check reports at most; the rest are counted (`omitted_findings`). */
export const FINDINGS_MAX = 50;

function lineOf(content: string, index: number): number {
  let line = 1;
  for (let at = content.indexOf('\n'); at !== -1 && at < index; at = content.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** Line numbers of many offsets in one text: the offsets of its line starts, searched by halves. */
class LineIndex {
  private starts: number[] | null = null;

  constructor(private readonly text: string) {}

  lineOf(index: number): number {
    if (!this.starts) {
      this.starts = [0];
      for (let at = this.text.indexOf('\n'); at !== -1; at = this.text.indexOf('\n', at + 1)) this.starts.push(at + 1);
    }
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

/**
 * Why a path breaks the path rules, in words that follow its name, or null when it keeps them.
 * Beyond the pattern, a path must be a file that every common file system can hold as named:
 * Windows drops a segment's trailing dot (`README.md.` would be `README.md`) and keeps device
 * names for itself.
 */
function pathProblem(path: string): string | null {
  if (path.length === 0 || codePointLength(path) > limits.draftPathCharsMax || !PATH_PATTERN.test(path) || path.split('/').includes('..')) {
    return `relative, "/"-separated, at most ${limits.draftPathCharsMax} characters, each segment starting with a letter, digit or "_" and holding only letters, digits, ".", "_" and "-"`;
  }
  if (TRAILING_DOT.test(path)) {
    return 'no segment may end with "." (Windows drops the dot, and the path would name another file)';
  }
  const device = WINDOWS_DEVICE.exec(path)?.[1];
  if (device !== undefined) {
    return `${device.toUpperCase()} is a device name on Windows (CON, PRN, AUX, NUL, COM1 to COM9, LPT1 to LPT9), and no segment may be named so, with or without an extension`;
  }
  return null;
}

/** A file of the set with a valid path, and how messages name it (at the start of a sentence, and within one). */
interface PlacedFile {
  readonly path: string;
  readonly name: string;
  readonly reference: string;
  readonly at: { readonly path?: string };
}

/** A folder of the file set, as spelled by the first file that lies in it, and the folders in it by lower-case name. */
interface Folder {
  readonly spelling: string;
  readonly file: string;
  readonly folders: Map<string, Folder>;
}

/**
 * Files that could not be written side by side to a disk that compares names case-insensitively
 * (Windows, macOS): a file whose path is also a folder of another file, or one that lies in a
 * folder spelled with other letter case than by the first file in it. Each file is reported once.
 * The folders are a tree walked segment by segment, so the check takes time in proportion to the
 * paths' length.
 */
function pathConflicts(files: readonly PlacedFile[]): Violation[] {
  const root = new Map<string, Folder>();
  for (const { path, reference } of files) {
    let folders = root;
    for (const segment of path.split('/').slice(0, -1)) {
      let folder = folders.get(segment.toLowerCase());
      if (!folder) {
        folder = { spelling: segment, file: reference, folders: new Map() };
        folders.set(segment.toLowerCase(), folder);
      }
      folders = folder.folders;
    }
  }
  const violations: Violation[] = [];
  for (const { path, name, at } of files) {
    const segments = path.split('/');
    let folders = root;
    let respelled: { folder: string; first: string } | undefined;
    for (const [depth, segment] of segments.slice(0, -1).entries()) {
      const folder = folders.get(segment.toLowerCase())!;
      if (!respelled && folder.spelling !== segment) respelled = { folder: segments.slice(0, depth + 1).join('/'), first: folder.file };
      folders = folder.folders;
    }
    const sameNamedFolder = folders.get(segments[segments.length - 1]!.toLowerCase());
    if (sameNamedFolder) {
      violations.push({
        rule: 'path_conflict',
        ...at,
        message: `${name} is a file, but ${sameNamedFolder.file} lies in a folder of that name (paths are compared case-insensitively).`,
      });
    } else if (respelled) {
      const folder = at.path === undefined ? 'a folder' : `the folder "${respelled.folder}"`;
      violations.push({
        rule: 'path_conflict',
        ...at,
        message: `${name} lies in ${folder}, which ${respelled.first} spells with other letter case (folder names are compared case-insensitively).`,
      });
    }
  }
  return violations;
}

/**
 * Every broken rule of a complete file set, reported together. A file whose path holds a secret is
 * named by its place in the set ("File 2"), without a `path`, so the secret is not repeated.
 */
export function draftViolations(files: readonly DraftFileInput[]): Violation[] {
  const violations: Violation[] = [];
  if (files.length < 1 || files.length > limits.draftFilesMax) {
    violations.push({ rule: 'file_count', message: `A draft holds 1 to ${limits.draftFilesMax} files (got ${files.length}).` });
  }
  const seen = new Map<string, string>();
  // The valid paths, each once: those that could still collide as files and folders.
  const placed: PlacedFile[] = [];
  let total = 0;
  files.forEach(({ path, content }, i) => {
    const secretPath = holdsSecret(path);
    const name = secretPath ? `File ${i + 1}` : `"${path}"`;
    const at = secretPath ? {} : { path };
    const problem = pathProblem(path);
    if (problem !== null) {
      violations.push({ rule: 'path', ...at, message: `${name} is not a valid path: ${problem}.` });
    }
    const key = path.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      violations.push({ rule: 'duplicate_path', ...at, message: `${name} duplicates ${first} (paths are compared case-insensitively).` });
    } else {
      const reference = secretPath ? `file ${i + 1}` : name;
      seen.set(key, reference);
      if (problem === null) placed.push({ path, name, reference, at });
    }
    const size = codePointLength(content);
    total += size;
    if (size > limits.draftFileCharsMax) {
      violations.push({ rule: 'file_size', ...at, message: `${name} has ${size} characters; the limit is ${limits.draftFileCharsMax}.` });
    }
    const control = CONTROL_CHARACTER.exec(content);
    if (control) {
      violations.push({
        rule: 'text_only',
        ...at,
        line: lineOf(content, control.index),
        message: `${name} contains a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}); files must be text.`,
      });
    }
  });
  violations.push(...pathConflicts(placed));
  if (total > limits.draftTotalCharsMax) {
    violations.push({ rule: 'total_size', message: `The files hold ${total} characters in all; the limit is ${limits.draftTotalCharsMax}.` });
  }
  if (!files.some((file) => file.path === ROOT_README)) {
    violations.push({ rule: 'readme_missing', message: `A root ${ROOT_README} is required.` });
  }
  return violations;
}

export interface SecretFinding {
  readonly kind: string;
  /** The file whose content or path holds it. */
  readonly path?: string;
  readonly line?: number;
  /** The metadata field (or `files[i].path`) that holds it, when not a file's content. */
  readonly field?: string;
  readonly message: string;
}

interface SecretPattern {
  readonly kind: string;
  readonly label: string;
  readonly pattern: RegExp;
  readonly confirm?: (match: string) => boolean;
}

/** The secrets a review looks for; MTL keys are recognised by their checksum. */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { kind: 'mtl_api_key', label: 'an MTL API key', pattern: /mtl_(?:ro|rw)_[0-9A-Za-z]{32}(?:[0-9A-HJKMNP-TV-Z]{26})?[0-9A-Za-z]{6}/g, confirm: (m) => parseKey(m) !== null },
  { kind: 'mtl_oauth_token', label: 'an MTL OAuth token', pattern: /mtl_(?:at|rt)_[0-9A-Za-z]{32}(?:[0-9A-HJKMNP-TV-Z]{26})?[0-9A-Za-z]{6}/g, confirm: (m) => parseOAuthToken(m) !== null },
  { kind: 'aws_access_key_id', label: 'an AWS access key ID', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'private_key', label: 'a private key', pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/g },
  { kind: 'github_token', label: 'a GitHub token', pattern: /\b(?:ghp_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,})/g },
  { kind: 'stripe_live_key', label: 'a Stripe live secret key', pattern: /\bsk_live_[0-9A-Za-z]{16,}/g },
];

/** Whether the text holds a secret of any kind. */
function holdsSecret(text: string): boolean {
  return matches(text).length > 0;
}

function matches(text: string, kinds?: readonly string[]): Array<{ secret: SecretPattern; index: number }> {
  const found: Array<{ secret: SecretPattern; index: number }> = [];
  for (const secret of SECRET_PATTERNS) {
    if (kinds && !kinds.includes(secret.kind)) continue;
    for (const match of text.matchAll(secret.pattern)) {
      if (!secret.confirm || secret.confirm(match[0])) found.push({ secret, index: match.index });
    }
  }
  return found;
}

/**
 * Where secrets appear in a file set: file and line for contents, the field for paths (a path is
 * public too), and the kind, never the secret itself. A file whose path holds a secret of any kind
 * is named by its place in the set (`files[i].content`), so the path is not repeated either.
 */
export function findSecrets(files: readonly DraftFileInput[], kinds?: readonly string[]): SecretFinding[] {
  const findings: SecretFinding[] = [];
  files.forEach((file, i) => {
    const pathIsSecret = holdsSecret(file.path);
    const lines = new LineIndex(file.content);
    for (const { secret, index } of matches(file.content, kinds)) {
      const line = lines.lineOf(index);
      findings.push(
        pathIsSecret
          ? { kind: secret.kind, field: `files[${i}].content`, line, message: `Line ${line} of file ${i + 1} contains what looks like ${secret.label}.` }
          : { kind: secret.kind, path: file.path, line, message: `${file.path} line ${line} contains what looks like ${secret.label}.` },
      );
    }
    for (const { secret } of matches(file.path, kinds)) {
      findings.push({ kind: secret.kind, field: `files[${i}].path`, message: `The path of file ${i + 1} contains what looks like ${secret.label}.` });
    }
  });
  return findings;
}

/** Secrets in public metadata (name, summary, tags, release notes), named by field only. */
export function findSecretsInFields(
  fields: Record<string, string | readonly string[] | null | undefined>,
  kinds?: readonly string[],
): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const values = typeof value === 'string' ? [value] : (value ?? []);
    values.forEach((text, i) => {
      const field = typeof value === 'string' ? name : `${name}[${i}]`;
      for (const { secret } of matches(text, kinds)) {
        findings.push({ kind: secret.kind, field, message: `${field} contains what looks like ${secret.label}.` });
      }
    });
  }
  return findings;
}
