import { site } from '../../config/site.ts';
import { escapeHtml } from '../../lib/html.ts';
import { letterHtml, letterText } from '../mail/letter.ts';
import type { OutgoingMail } from '../mail/index.ts';

/** The chat page a mailed reply links back to: the visitor continues the conversation there. */
const CHAT_PATH = '/chat';

/**
 * The mail of an agent's reply to a visitor who left an address (decision 0018). It carries this
 * one reply and a link to the chat, nothing else of the conversation: a mailbox is a weaker
 * place than the chat, and a mistyped address should leak as little as possible.
 */
export function chatReplyMail(to: string, reply: string, origin: string): OutgoingMail {
  const link = `${origin}${CHAT_PATH}`;
  const intro = `Sie haben uns im Support-Chat von ${site.name} geschrieben. Unser Support hat geantwortet:`;
  const outro = 'Sie können direkt im Chat weiterschreiben:';
  const closing = 'Sie erhalten diese E-Mail, weil Sie im Chat diese Adresse für Antworten angegeben haben.';
  return {
    to,
    subject: `Antwort auf Ihre Chat-Anfrage – ${site.name}`,
    text: letterText(undefined, [intro, '', reply, '', outro, link, '', closing]),
    html: letterHtml(undefined, [
      `<p>${escapeHtml(intro)}</p>`,
      // The reply is the agent's plain text: escaped, with its line breaks kept.
      `<blockquote style="white-space:pre-wrap">${escapeHtml(reply)}</blockquote>`,
      `<p>${escapeHtml(outro)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(closing)}</p>`,
    ]),
  };
}
