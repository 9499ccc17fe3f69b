/**
 * The strength rule for new passwords (ASVS 2.1.7, decision 0038), the same in the browser's
 * meter and on the server: zxcvbn-ts with its common and German dictionaries guesses how fast an
 * attacker would find the password; common and breached ones (passwort123, Sommer2024!) score low.
 * The dictionaries are large, so they are loaded on first use by dynamic import: a page only pays
 * for them when someone starts typing a new password.
 */

/** zxcvbn's scale is 0–4; 3 means "safely unguessable" against an offline attack on a slow hash. */
const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first 64 characters are judged (decision 0073): zxcvbn's work grows steeply with the
 * length – about 0.2 s for 64 characters and 1.8 s for the 256 a password may have on a small
 * server core – and every registration, reset and change pays it, as does the meter on each
 * keystroke. Any passphrase a person types is judged whole; a longer one whose first 64
 * characters are guessable (a repeated letter) is refused as such.
 */
export const JUDGED_PASSWORD_CHARS = 64;

export const strengthLabels = ['Sehr schwach', 'Schwach', 'Mittel', 'Stark', 'Sehr stark'] as const;

export type PasswordStrength = {
  /** 0–4. */
  score: number;
  acceptable: boolean;
  /** German advice from the library's translations; empty when there is nothing to improve. */
  feedback: string[];
};

export type PasswordJudge = (password: string, userInputs?: string[]) => PasswordStrength;

let judge: Promise<PasswordJudge> | undefined;

export function loadPasswordJudge(): Promise<PasswordJudge> {
  judge ??= (async () => {
    const [{ zxcvbn, zxcvbnOptions }, common, de] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-de'),
    ]);
    zxcvbnOptions.setOptions({
      translations: de.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...de.dictionary },
    });
    return (password, userInputs = []) => {
      // zxcvbn-ts 3.0.4 applies its own maxLength in zxcvbnAsync only; counted in code points, so
      // an emoji or a letter outside the BMP is never cut in half.
      const judged = Array.from(password).slice(0, JUDGED_PASSWORD_CHARS).join('');
      const { score, feedback } = zxcvbn(judged, userInputs);
      return {
        score,
        acceptable: score >= MIN_PASSWORD_SCORE,
        feedback: [feedback.warning, ...feedback.suggestions].filter((text): text is string => Boolean(text)),
      };
    };
  })();
  return judge;
}

/** The message for a refused password: what is wrong, then the library's advice. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  return ['Dieses Passwort ist zu leicht zu erraten.', ...strength.feedback].join(' ');
}
