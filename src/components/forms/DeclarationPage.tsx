import type { ReactNode } from 'react';
import { site } from '../../config/site.ts';

/** The links every page of the site has in its footer that a reader of a declaration may need. */
const links = [
  { href: '/impressum', label: 'Impressum' },
  { href: '/datenschutz', label: 'Datenschutz' },
  { href: '/agb', label: 'AGB' },
  { href: '/widerrufsformular', label: 'Widerrufsbelehrung' },
  { href: '/vertraege-kuendigen', label: 'Verträge hier kündigen' },
  { href: '/online-widerrufsformular', label: 'Vertrag widerrufen' },
];

/**
 * The page the server answers a declaration posted without JavaScript with (decision 0033): the
 * form again with its errors, the withdrawal's second step, or the receipt. Plain HTML with its
 * own small stylesheet (public/erklaerung.css) and no scripts: it is read where scripts are off.
 */
export function DeclarationPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} – ${site.name}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/erklaerung.css" />
      </head>
      <body>
        <header>
          <a href="/" className="site-name">
            {site.name}
          </a>
        </header>
        <main>
          <h1>{title}</h1>
          {children}
        </main>
        <footer>
          <nav aria-label="Rechtliches">
            <ul>
              {links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <p>
            {site.name} · {site.address.street}, {site.address.postalCode} {site.address.city} · Telefon {site.phoneDisplay} · {site.email}
          </p>
        </footer>
      </body>
    </html>
  );
}
