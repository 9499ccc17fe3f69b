import type { ErrorCode } from '../../lib/http/error-codes.ts';
import { INVALID_INPUT } from '../../lib/schemas/issues.ts';

/**
 * An error that maps to one HTTP answer. Handlers throw it for every expected failure
 * (bad input, missing CSRF token, rate limit, ...) so that only real faults become a 500.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string>;
  /** What the browser reacts to without reading the message (lib/http/error-codes.ts). */
  readonly code: ErrorCode | undefined;

  constructor(status: number, message: string, errors?: Record<string, string>, headers: Record<string, string> = {}, code?: ErrorCode) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.headers = headers;
    this.code = code;
  }
}

/** German texts of the generic HTTP failures, in one place. */
export const httpMessages = {
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  invalidInput: INVALID_INPUT,
  notFound: 'Die angeforderte Adresse gibt es nicht.',
  /** A file under /_astro/ this deploy does not have (netlify/functions/asset-missing.mts). */
  missingAsset: 'Diese Datei gibt es nicht (mehr). Bitte laden Sie die Seite neu.',
  malformedPath: 'Die Adresse enthält eine ungültige Zeichenfolge.',
  methodNotAllowed: 'Diese Methode ist für diese Adresse nicht erlaubt.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  unsupportedMediaType: 'Bitte senden Sie die Daten als JSON (Content-Type: application/json).',
  csrfMissing: 'Sicherheitstoken fehlt oder ist ungültig. Bitte laden Sie die Seite neu.',
  crossSite: 'Anfragen von fremden Websites sind nicht erlaubt.',
  internal: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  previewWithoutDatabase:
    'Diese Vorschau hat keine eigene Datenbank. Anmelden, Bestellen und Formulare funktionieren hier erst, wenn eine Vorschau-Datenbank eingerichtet ist.',
  previewNotBuiltAsPreview:
    'Diese Vorschau wurde nicht als Vorschau gebaut und nimmt deshalb keine Anfragen an. Bitte das Deployment neu bauen lassen.',
  tooManyRequests: (seconds: number) =>
    `Zu viele Anfragen. Bitte versuchen Sie es in ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'} erneut.`,
} as const;
