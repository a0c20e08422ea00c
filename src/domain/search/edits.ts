/**
 * Whether two words are at most one typing slip apart: one letter replaced, added or left out, or
 * two neighbouring letters swapped (`brithday` for `birthday`). Compared by code point.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  const [longer, shorter] = x.length >= y.length ? [x, y] : [y, x];
  if (longer.length - shorter.length > 1) return false;
  let i = 0;
  while (i < shorter.length && longer[i] === shorter[i]) i += 1;
  if (i === shorter.length) return true;
  const sameFrom = (p: number, q: number) => {
    while (p < longer.length && q < shorter.length && longer[p] === shorter[q]) {
      p += 1;
      q += 1;
    }
    return p === longer.length && q === shorter.length;
  };
  if (longer.length > shorter.length) return sameFrom(i + 1, i);
  if (sameFrom(i + 1, i + 1)) return true;
  return longer[i] === shorter[i + 1] && longer[i + 1] === shorter[i] && sameFrom(i + 2, i + 2);
}
