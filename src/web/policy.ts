/**
 * The pages' Content-Security-Policy: scripts, styles and everything else from this origin only,
 * no inline script, no eval, no framing, forms posted to this origin alone.
 */
export const PAGE_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
};

/** The pages' policy, with one more place a form may go to (a form whose answer redirects there). */
export function policyAllowingFormsTo(source: string): string {
  const directives = { ...PAGE_DIRECTIVES, 'form-action': [...(PAGE_DIRECTIVES['form-action'] ?? []), source] };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
