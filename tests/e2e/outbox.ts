import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * Every mail the server under test has sent so far (its .eml copies in the data directory); none
 * before the first, since the server creates the folder with it.
 */
export async function sentMails(dataDir = process.env.E2E_DATA_DIR!): Promise<ParsedMail[]> {
  const mailDir = join(dataDir, 'mail');
  const files = (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith('.eml'));
  return Promise.all(files.map(async (f) => simpleParser(await readFile(join(mailDir, f)))));
}

export function recipientOf(mail: ParsedMail): string {
  return mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
}
