import { describe, expect, it } from 'vitest';
import { createLogMailTransport, formatMailForLog, MAIL_LOG_BEGIN, MAIL_LOG_END } from '../../../src/server/mail/log-transport.ts';
import { composeMail } from '../../../src/server/mail/message.ts';

const FROM = 'IT-Service Website <noreply@example.test>';

describe('mails of a preview', () => {
  it('appear in the log as one marked block with recipient, subject and the full text', async () => {
    const text = 'Guten Tag,\n\nIhr Link: https://deploy-preview-7--site.netlify.app/reset-password/abc\n\nGrüße aus Köln';
    const composed = await composeMail(
      { to: 'kunde@example.test', subject: 'Passwort zurücksetzen – Ihre Anfrage', text, replyTo: 'support@example.test' },
      FROM,
    );
    const blocks: string[] = [];
    await createLogMailTransport((block) => blocks.push(block)).deliver(composed);
    expect(blocks).toHaveLength(1);
    const lines = blocks[0]!.split('\n');
    expect(lines[0]).toBe(MAIL_LOG_BEGIN);
    expect(lines.at(-1)).toBe(MAIL_LOG_END);
    expect(lines).toContain('An: kunde@example.test');
    expect(lines).toContain('Betreff: Passwort zurücksetzen – Ihre Anfrage');
    expect(lines).toContain(`Von: ${FROM}`);
    expect(lines).toContain('Antwort an: support@example.test');
    expect(lines).toContain(`Message-ID: ${composed.messageId}`);
    // The text as written (umlauts, the link), not the quoted-printable wire format.
    expect(blocks[0]).toContain(text);
  });

  it('names attachments without dumping them', async () => {
    const composed = await composeMail(
      { to: 'k@example.test', subject: 'AV-Vertrag', text: 'Anbei.', attachments: [{ filename: 'av-vertrag.txt', contentType: 'text/plain', content: 'langer Vertragstext' }] },
      FROM,
    );
    const block = formatMailForLog(composed);
    expect(block).toContain('Anhänge: av-vertrag.txt');
    expect(block).not.toContain('langer Vertragstext');
  });
});
