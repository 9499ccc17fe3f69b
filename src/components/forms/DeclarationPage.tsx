import type { ReactNode } from 'react';
import { site } from '../../config/site.ts';
import { contractButtons, legalLinks } from '../../lib/footer.ts';

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
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="contract-buttons">
            {contractButtons.map((button) => (
              <a key={button.href} href={button.href} className="button">
                {button.label}
              </a>
            ))}
          </p>
          <p>
            {site.name} · {site.address.street}, {site.address.postalCode} {site.address.city} · Telefon {site.phoneDisplay} · {site.email}
          </p>
        </footer>
      </body>
    </html>
  );
}
