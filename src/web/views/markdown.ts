import MarkdownIt from 'markdown-it';

/**
 * A Template's README as the Library shows it: Markdown rendered by markdown-it with raw HTML
 * off (any tag in the text is shown as text, escaped), so nothing in a README can add a script,
 * an event handler, a style or a frame to the page. Links keep only http, https and mailto
 * targets (validateLink below: a link to anything else stays text), carry
 * `rel="nofollow ugc noopener noreferrer"`, and a link relative to the Template leads to that
 * file's page. Images are not loaded: an image becomes a link to its address, so a README
 * makes the reader's browser fetch nothing (the pages' Content-Security-Policy would refuse
 * other hosts too). Its headings are shown two levels down, under the page's own.
 */

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const SCHEME = /^([a-z][a-z0-9+.-]*:)/i;
const LINK_REL = 'nofollow ugc noopener noreferrer';

markdown.validateLink = (url: string): boolean => {
  // Browsers ignore tabs, line breaks and leading spaces or control characters in a URL's scheme.
  const scheme = SCHEME.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''))?.[1]?.toLowerCase();
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme);
};

interface RenderEnv {
  /** Where a link relative to the Template leads: the page of the file it names. */
  readonly fileHref: (path: string) => string;
}

/** A relative link (`docs/setup.md`, `./notes.md#part`) as the page of the file it names; others as written. */
function resolved(href: string, env: RenderEnv): string {
  if (href === '' || href.startsWith('#') || href.startsWith('/') || href.startsWith('?') || SCHEME.test(href)) return href;
  const [path = '', fragment] = href.split('#', 2);
  const segments: string[] = [];
  for (const segment of decodeSafely(path.split('?')[0] ?? '').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  if (segments.length === 0) return fragment !== undefined ? `#${fragment}` : href;
  return env.fileHref(segments.join('/')) + (fragment !== undefined ? `#${fragment}` : '');
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

markdown.renderer.rules.link_open = (tokens, index, options, env: RenderEnv, self) => {
  const token = tokens[index]!;
  const href = token.attrGet('href');
  if (href !== null) token.attrSet('href', resolved(href, env));
  token.attrSet('rel', LINK_REL);
  return self.renderToken(tokens, index, options);
};

markdown.renderer.rules.image = (tokens, index, options, env: RenderEnv) => {
  const token = tokens[index]!;
  const src = resolved(token.attrGet('src') ?? '', env);
  const alt = markdown.renderer.renderInlineAsText(token.children ?? [], options, env);
  const label = alt.trim() === '' ? 'Image' : `Image: ${alt}`;
  return `<a href="${markdown.utils.escapeHtml(src)}" rel="${LINK_REL}" class="image-link">${markdown.utils.escapeHtml(label)}</a>`;
};

/** A README's headings sit under the page's own (its h1, the README section's h2): `#` is shown as h3. */
const HEADING_SHIFT = 2;

const shiftHeading: NonNullable<MarkdownIt['renderer']['rules']['heading_open']> = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_SHIFT)}`;
  return self.renderToken(tokens, index, options);
};
markdown.renderer.rules.heading_open = shiftHeading;
markdown.renderer.rules.heading_close = shiftHeading;

/** The README's HTML, every text of it escaped by the renderer. */
export function renderReadme(text: string, fileHref: (path: string) => string): string {
  return markdown.render(text, { fileHref } satisfies RenderEnv);
}
