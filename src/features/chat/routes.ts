import type { ChatMessage, VisitorConversation, VisitorConversationList, VisitorMessagesPage } from '../../lib/chat/types.ts';
import type { Json, Route } from '../../lib/http/route.ts';
import { ChatAfterQuerySchema, ChatEmailInputSchema, ChatMessageInputSchema, ConversationParamsSchema } from '../../lib/schemas/chat.ts';

/**
 * The visitor's side of the chat (decisions 0017, 0018) in the route table (issue 37, decision
 * 0074): the functions' endpoint() takes each entry, the browser calls api(entry, …) and links
 * with routeUrl(entry, …). One module per feature, so that a page bundles only the entries of the
 * features it uses, with their schemas; tests/integration/http/route-table.test.ts reads every
 * feature's routes.ts as the table.
 */

const chatPath = '/api/chat/conversations';
export const chatConversations = { method: 'GET', path: chatPath, answer: 'json' as Json<VisitorConversationList> } as const satisfies Route;
/** The first message starts a conversation; the same tempId again answers with the one it started. */
export const chatStart = {
  method: 'POST',
  path: chatPath,
  body: ChatMessageInputSchema,
  answer: 'json' as Json<{ conversation: VisitorConversation; message: ChatMessage }>,
} as const satisfies Route;
/** The chat polls with the id of the last message it has. */
export const chatThread = {
  method: 'GET',
  path: '/api/chat/conversations/:id/messages',
  params: ConversationParamsSchema,
  query: ChatAfterQuerySchema,
  answer: 'json' as Json<VisitorMessagesPage>,
} as const satisfies Route;
export const chatSend = {
  method: 'POST',
  path: '/api/chat/conversations/:id/messages',
  params: ConversationParamsSchema,
  body: ChatMessageInputSchema,
  answer: 'json' as Json<{ message: ChatMessage }>,
} as const satisfies Route;
/** The address the agents' replies go to while nobody is online; a second one replaces it. */
export const chatReplyEmail = {
  method: 'PUT',
  path: '/api/chat/conversations/:id/email',
  params: ConversationParamsSchema,
  body: ChatEmailInputSchema,
  answer: 'json' as Json<{ conversation: VisitorConversation }>,
} as const satisfies Route;
