/** What the contract's patterns ask for, in words: a message never shows a regular expression. */
const PATTERN_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/^\^([a-z]+)_\[0-9A-HJKMNP-TV-Z\]\{26\}\$$/, 'must be an ID that starts with "$1_" followed by 26 letters and digits'],
  [/^\\S$/, 'must contain a character other than white space'],
  [/^\^\[\^\\u0000-\\u001F\\u007F\]/, 'must contain a visible character and no control characters'],
  [/^\^\[\\x21-\\x7E\]\+\$$/, 'must be visible ASCII characters, without spaces'],
];

/** A validator's message in the service's words (a pattern failure says what the pattern asks). */
export function worded(message: string): string {
  const pattern = /^must match pattern "(.*)"$/s.exec(message)?.[1];
  if (pattern === undefined) return message;
  for (const [source, words] of PATTERN_WORDS) {
    const match = source.exec(pattern);
    if (match) return words.replace('$1', match[1] ?? '');
  }
  return 'is not in the expected format';
}

/** What is said of a query parameter (over MCP, an argument) that the operation does not have. */
export const NOT_A_PARAMETER = 'is not a parameter of this operation';
