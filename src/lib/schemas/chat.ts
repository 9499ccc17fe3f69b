import * as v from 'valibot';
import { EmailSchema, requiredText } from './fields.ts';

/** The longest chat message (issue 11). */
export const CHAT_TEXT_MAX_LENGTH = 2000;
/** Conversations per page of the agent dashboard. */
export const AGENT_CONVERSATIONS_PAGE_SIZE = 20;

const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const chatMessages = {
  textRequired: 'Bitte geben Sie eine Nachricht ein.',
  tempIdInvalid: 'Ungültige vorläufige Nachrichtenkennung.',
  tempIdTaken: 'Diese vorläufige Nachrichtenkennung gehört zu einer anderen Nachricht.',
  conversationNotFound: 'Diese Unterhaltung gibt es nicht.',
  afterInvalid: 'Ungültige Nachrichtenposition.',
  pageInvalid: 'Die Seitenzahl muss eine ganze Zahl ab 1 sein.',
  statusInvalid: 'Der Status muss „offen“ oder „geschlossen“ sein.',
  agentInvalid: 'Diesen Support-Mitarbeiter gibt es nicht.',
  changeRequired: 'Bitte geben Sie Status oder Zuständigkeit an.',
} as const;

/**
 * The sender's temporary id of a message (SPEC §3 "optional tempId"): the client makes it up, the
 * server deduplicates by it. Short and URL-safe (a UUID fits), so it never carries markup.
 */
const TempIdSchema = v.pipe(v.string(chatMessages.tempIdInvalid), v.regex(/^[A-Za-z0-9_-]{1,64}$/, chatMessages.tempIdInvalid));

/** A message as the chat and the dashboard send it: trimmed, not empty, at most 2000 characters. */
export const ChatMessageInputSchema = v.object({
  // A missing key gets the field's German message instead of valibot's "Invalid key".
  text: v.optional(requiredText(chatMessages.textRequired, CHAT_TEXT_MAX_LENGTH), ''),
  tempId: v.optional(TempIdSchema),
});
export type ChatMessageInput = v.InferOutput<typeof ChatMessageInputSchema>;

/**
 * The address a visitor leaves while no agent is online (issue 11): the agents' replies to the
 * conversation go out by e-mail as well (docs/decisions/0018-chat-offline-mail.md).
 */
export const ChatEmailInputSchema = v.object({
  email: v.optional(EmailSchema, ''),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The conversation a path names (`:id`); anything that cannot be one is simply not found. */
export const ConversationParamsSchema = v.object({
  id: v.pipe(v.string(chatMessages.conversationNotFound), v.regex(UUID, chatMessages.conversationNotFound), v.toLowerCase()),
});

/** `?after=`: the last message id the client has; missing or empty means from the start. */
export const ChatAfterQuerySchema = v.object({
  after: v.optional(
    v.pipe(
      v.string(chatMessages.afterInvalid),
      v.regex(/^\d{0,15}$/, chatMessages.afterInvalid),
      v.transform((value) => (value === '' ? 0 : Number(value))),
    ),
    '',
  ),
});

/**
 * `?page=` of the agents' conversation list: 1 when missing, else a whole number from 1 on. A
 * page far beyond the last is valid (an empty page), so it is capped before it could overflow an
 * OFFSET.
 */
export const ConversationPageQuerySchema = v.object({
  page: v.optional(
    v.pipe(
      v.string(chatMessages.pageInvalid),
      v.regex(/^\d*[1-9]\d*$/, chatMessages.pageInvalid),
      v.transform((value) => Math.min(Number(value), Number.MAX_SAFE_INTEGER)),
    ),
    '1',
  ),
});

/** PATCH of a conversation by an agent: close/reopen and (un)assign; null unassigns. */
export const ConversationChangeSchema = v.pipe(
  v.object({
    status: v.optional(v.picklist(CONVERSATION_STATUSES, chatMessages.statusInvalid)),
    assignedAgentId: v.optional(v.nullable(v.pipe(v.string(chatMessages.agentInvalid), v.uuid(chatMessages.agentInvalid)))),
  }),
  v.check((change) => change.status !== undefined || change.assignedAgentId !== undefined, chatMessages.changeRequired),
);
export type ConversationChange = v.InferOutput<typeof ConversationChangeSchema>;
