import type { ComponentChildren } from 'preact';

export interface PageFrame {
  /** The page's title (the tab's, after "MTL"). */
  readonly title: string;
  /** Set when someone is signed in: the navigation and the Sign out button are shown. */
  readonly signedIn?: { readonly label: string } | null;
  readonly csrfToken: string;
  /** Which navigation link is the current section. */
  readonly section?: 'memories' | 'subjects' | 'inbox' | 'library' | 'settings';
  /** A notice at the top of the page (after a redirect). */
  readonly notice?: string | null;
}

/** A page anyone may read (the Library's): without a session it offers the Library and Sign in. */
interface PublicPage {
  readonly visitor?: boolean;
}

const SECTIONS = [
  { key: 'memories', href: '/memories', label: 'Memories' },
  { key: 'subjects', href: '/subjects', label: 'Subjects' },
  { key: 'inbox', href: '/inbox', label: 'Inbox' },
  { key: 'library', href: '/library', label: 'Library' },
  { key: 'settings', href: '/settings/api-keys', label: 'Settings' },
] as const;

/** Every page: one stylesheet, one small script (every form works without it), a skip link and the navigation. */
export function Layout(props: PageFrame & PublicPage & { readonly children: ComponentChildren }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · MTL`}</title>
        <link rel="icon" href="/assets/icon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/app.css" />
        <script src="/assets/app.js" defer />
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <a class="brand" href="/">
            MTL
          </a>
          {props.signedIn ? (
            <nav aria-label="Main">
              <ul>
                {SECTIONS.map((section) => (
                  <li>
                    <a href={section.href} aria-current={props.section === section.key ? 'page' : undefined}>
                      {section.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {!props.signedIn && props.visitor ? (
            <nav aria-label="Main">
              <ul>
                <li>
                  <a href="/library" aria-current={props.section === 'library' ? 'page' : undefined}>
                    Library
                  </a>
                </li>
                <li>
                  <a href="/sign-in">Sign in</a>
                </li>
              </ul>
            </nav>
          ) : null}
          {props.signedIn ? (
            <form method="post" action="/sign-out" class="sign-out">
              <input type="hidden" name="_csrf" value={props.csrfToken} />
              <span class="who">{props.signedIn.label}</span>
              <button type="submit">Sign out</button>
            </form>
          ) : null}
        </header>
        <main id="main">
          {props.notice ? (
            <p class="notice" role="status">
              {props.notice}
            </p>
          ) : null}
          {props.children}
        </main>
      </body>
    </html>
  );
}
