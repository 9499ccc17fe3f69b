import { site } from '../../config/site.ts';
import { contractButtons, legalLinks } from '../../lib/footer.ts';
import { escapeHtml } from '../../lib/html.ts';
import { HttpError, httpMessages } from '../http/errors.ts';
import { pageSecurityHeaders } from '../http/security-headers.ts';

/**
 * Why a Google sign-in did not work. The start and the callback are browser navigations, not
 * fetches, so every failure is a small German HTML page rather than JSON (docs/decisions/0012).
 */
export type GoogleSignInFailure = 'notConfigured' | 'cancelled' | 'expired' | 'invalid' | 'unreachable' | 'unverified' | 'linkedElsewhere';

const failures: Record<GoogleSignInFailure, { status: number; message: string }> = {
  notConfigured: { status: 404, message: 'Die Anmeldung mit Google ist auf dieser Website nicht eingerichtet.' },
  cancelled: { status: 400, message: 'Sie haben die Anmeldung bei Google abgebrochen.' },
  expired: {
    status: 400,
    message: 'Die Anmeldung ist abgelaufen oder wurde bereits abgeschlossen. Bitte starten Sie sie erneut.',
  },
  invalid: { status: 400, message: 'Die Antwort von Google war ungültig. Bitte starten Sie die Anmeldung erneut.' },
  unreachable: { status: 502, message: 'Google ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.' },
  unverified: {
    status: 400,
    message:
      'Ihre E-Mail-Adresse ist bei Google nicht bestätigt. Bitte bestätigen Sie sie dort oder registrieren Sie sich mit E-Mail-Adresse und Passwort.',
  },
  linkedElsewhere: {
    status: 400,
    message:
      'Ihr Konto ist bereits mit einem anderen Google-Konto verknüpft. Bitte melden Sie sich mit jenem Google-Konto oder mit Ihrem Passwort an.',
  },
};

export class GoogleSignInError extends Error {
  readonly failure: GoogleSignInFailure;

  constructor(failure: GoogleSignInFailure, options?: ErrorOptions) {
    super(failures[failure].message, options);
    this.name = 'GoogleSignInError';
    this.failure = failure;
  }
}

const TITLE = 'Anmeldung mit Google fehlgeschlagen';

/**
 * A self-contained page: no script at all and only an inline stylesheet, which the page CSP
 * allows, so it needs none of the hashed build assets a function cannot know. The footer has the
 * legal links and the two buttons 'Verträge hier kündigen' and 'Vertrag widerrufen' of every
 * other page's footer (src/lib/footer.ts).
 */
function failurePage(status: number, message: string, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${TITLE}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; background: #f8fafc; color: #0f172a; }
  main, footer { max-width: 36rem; margin: 4rem auto; padding: 0 1.5rem; }
  footer { margin-top: 0; font-size: 0.875rem; }
  footer a { font-weight: 400; margin-right: 1rem; }
  footer a.button { display: inline-block; margin-top: 0.5rem; padding: 0.25rem 0.75rem; border: 2px solid currentColor; border-radius: 0.5rem; font-weight: 600; }
  h1 { font-size: 1.5rem; }
  a { color: #1d4ed8; font-weight: 600; }
  a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 3px; border-radius: 2px; }
  @media (prefers-color-scheme: dark) {
    body { background: #0f172a; color: #f1f5f9; }
    a { color: #93c5fd; }
    a:focus-visible { outline-color: #93c5fd; }
  }
</style>
</head>
<body>
<main>
<h1>${TITLE}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Zur Startseite</a></p>
</main>
<footer>
<p>${escapeHtml(site.name)}</p>
<nav aria-label="Rechtliches"><p>${legalLinks.map((link) => `<a href="${link.href}">${escapeHtml(link.label)}</a>`).join(' ')}</p></nav>
<p>${contractButtons.map((button) => `<a class="button" href="${button.href}">${escapeHtml(button.label)}</a>`).join(' ')}</p>
</footer>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: { ...pageSecurityHeaders([]), ...headers, 'Content-Type': 'text/html; charset=utf-8' },
  });
}

/** The page for any error of the sign-in endpoints; unexpected ones are logged and become a 500. */
export function googleFailureResponse(error: unknown): Response {
  if (error instanceof GoogleSignInError) {
    // An outage is ours to notice; every other failure is the visitor's and says so on the page.
    if (error.failure === 'unreachable') console.warn('[Google-Anmeldung] Anbieter nicht erreichbar:', error.cause);
    const { status, message } = failures[error.failure];
    return failurePage(status, message);
  }
  if (error instanceof HttpError) return failurePage(error.status, error.message, error.headers);
  console.error('[Google-Anmeldung]', error);
  return failurePage(500, httpMessages.internal);
}
