// Type declarations for dependencies that ship none.

declare module 'wink-porter2-stemmer' {
  /** Porter2 (Snowball English) stem of one lower-case word. */
  function stem(word: string): string;
  export = stem;
}

declare module 'wink-lemmatizer' {
  /** The base form of an English verb (`went` → `go`), or the word itself. */
  export function verb(word: string): string;
  /** The singular of an English noun (`children` → `child`), or the word itself. */
  export function noun(word: string): string;
  export function adjective(word: string): string;
}

declare module 'stopword' {
  /** English stop words, lower case. */
  export const eng: readonly string[];
}
