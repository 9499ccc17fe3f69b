import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Every mail the server under test has sent so far (its .eml copies in the data directory). */
export async function sentMails(): Promise<ParsedMail[]> {
  const mailDir = join(process.env.E2E_DATA_DIR!, 'mail');
  const files = (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith('.eml'));
  return Promise.all(files.map(async (f) => simpleParser(await readFile(join(mailDir, f)))));
}

export function recipientOf(mail: ParsedMail): string {
  return mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
}
