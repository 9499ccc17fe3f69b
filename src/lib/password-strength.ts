/**
 * The strength rule for new passwords (ASVS 2.1.7, decision 0038), the same in the browser's
 * meter and on the server: zxcvbn-ts with its common and German dictionaries guesses how fast an
 * attacker would find the password; common and breached ones (passwort123, Sommer2024!) score low.
 * The dictionaries are large, so they are loaded on first use by dynamic import: a page only pays
 * for them when someone starts typing a new password.
 */

/** zxcvbn's scale is 0–4; 3 means "safely unguessable" against an offline attack on a slow hash. */
const MIN_PASSWORD_SCORE = 3;

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
      const { score, feedback } = zxcvbn(password, userInputs);
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
