/**
 * Names in a SEPA file (issue 34, decision 0060). The pain.008 file takes only the EPC's basic
 * Latin character set, so the server transliterates (src/features/billing/server/sepa-export.ts).
 * Chinese characters (kanji in Japanese) are not transliterated: their reading depends on the
 * language and the person, and a guessed one ('ShanTianTaiLang' for 山田太郎) would name someone
 * else. The checkout refuses an account holder whose name is written in them only; this rule and
 * the file's transliteration share the pattern below, so what the checkout takes never ends empty.
 */

/** Characters the file leaves out instead of guessing a reading. */
export const UNREADABLE_IN_SEPA = /\p{Script=Han}/gu;

/** Whether the name has a letter the file can write in Latin letters. */
export function nameWritableInSepa(name: string): boolean {
  return /\p{L}/u.test(name.replace(UNREADABLE_IN_SEPA, ''));
}
