import { describe, expect, it } from 'vitest';
import { JUDGED_PASSWORD_CHARS, loadPasswordJudge } from '../../../src/lib/password-strength.ts';

/** Decision 0073: the judge reads the first 64 characters, so a long password costs no more than those. */
describe('the password judge', () => {
  const strongTail = 'Korrekt-Pferd-Batterie-Heftklammer-7q!';

  it('accepts a passphrase and refuses a common password', async () => {
    const judge = await loadPasswordJudge();
    expect(judge(strongTail).acceptable).toBe(true);
    expect(judge('passwort123').acceptable).toBe(false);
  });

  it('judges the first 64 characters: what follows them neither saves a guessable start nor counts at all', async () => {
    const judge = await loadPasswordJudge();
    const guessableStart = 'a'.repeat(JUDGED_PASSWORD_CHARS);
    expect(judge(guessableStart + strongTail).acceptable).toBe(false);
    expect(judge(guessableStart + strongTail)).toEqual(judge(guessableStart + 'x'.repeat(192)));
    // Within the 64, the same tail makes the password strong.
    expect(judge('a'.repeat(JUDGED_PASSWORD_CHARS - strongTail.length) + strongTail).acceptable).toBe(true);
  });
});
