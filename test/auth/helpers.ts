export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value or the time is up. */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(25);
  }
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The same string with the character at `index` replaced by another base62 character. */
export function changeCharAt(value: string, index: number): string {
  const current = value[index];
  const replacement = BASE62[(BASE62.indexOf(current ?? '0') + 1) % BASE62.length];
  return value.slice(0, index) + replacement + value.slice(index + 1);
}

export const SECRET_PATTERN = /^mtl_(ro|rw)_[0-9A-Za-z]{32}[0-9A-HJKMNP-TV-Z]{26}[0-9A-Za-z]{6}$/;
export const KEY_ID_PATTERN = /^key_[0-9A-HJKMNP-TV-Z]{26}$/;
export const ACTIVITY_ID_PATTERN = /^act_[0-9A-HJKMNP-TV-Z]{26}$/;
