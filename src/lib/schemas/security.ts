import * as v from 'valibot';
import { NONCE_LIMIT } from '../hashcash/index.ts';

/**
 * Schemas of the security check (SPEC §3, §7), shared by the widget and the /security
 * endpoints. The work itself is checked by isProofOfWork; these only fix the shapes and
 * bound the sizes so that no request can make the server hash without limit.
 */

const CAPTCHA_INPUT_MAX = 32;

export const captchaMessages = {
  required: 'Sicherheitscode ist erforderlich',
  wrong: 'Falscher Code, bitte erneut versuchen.',
  correct: 'CAPTCHA korrekt!',
  imageFailed: 'CAPTCHA-Bild konnte nicht geladen werden.',
  /** While the browser earns the text alternative with proof of work (docs/decisions/0040). */
  textPreparing: (solved: number, total: number) =>
    `Die Textaufgabe wird vorbereitet, das dauert einige Sekunden: Spam-Schutz ${solved} von ${total} berechnet …`,
} as const;

export const CaptchaInputSchema = v.pipe(
  v.string(captchaMessages.required),
  v.trim(),
  v.nonEmpty(captchaMessages.required),
  v.maxLength(CAPTCHA_INPUT_MAX, captchaMessages.wrong),
);

export const CaptchaValidateSchema = v.object({ input: CaptchaInputSchema });

const HashcashTaskSchema = v.object({
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  difficulty: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64)),
});

export const HashcashTasksSchema = v.object({ tasks: v.pipe(v.array(HashcashTaskSchema), v.minLength(1), v.maxLength(256)) });

const invalidSolution = 'Ungültige Hashcash-Lösung.';

const HashcashSolutionSchema = v.object({
  text: v.pipe(v.string(invalidSolution), v.minLength(1, invalidSolution), v.maxLength(256, invalidSolution)),
  nonce: v.pipe(
    v.number(invalidSolution),
    v.integer(invalidSolution),
    v.minValue(0, invalidSolution),
    v.maxValue(NONCE_LIMIT - 1, invalidSolution),
  ),
  difficulty: v.pipe(v.number(invalidSolution), v.integer(invalidSolution), v.minValue(1, invalidSolution), v.maxValue(64, invalidSolution)),
});

export const HashcashSolutionsSchema = v.pipe(
  v.array(HashcashSolutionSchema, 'Hashcash-Lösungen fehlen.'),
  v.minLength(1, 'Hashcash-Lösungen fehlen.'),
  v.maxLength(256, 'Zu viele Hashcash-Lösungen.'),
);

export const HashcashValidateSchema = v.object({ solutions: HashcashSolutionsSchema });

export const HashcashValidateResultSchema = v.object({ valid: v.boolean(), results: v.array(v.boolean()) });
