import type { ContractPage } from '../../lib/agent/contract-types.ts';
import type { AgentSummary, InboxItem, InboxPage } from '../../lib/agent/inbox-types.ts';
import type { AgentConversation, AgentConversationPage, ChatMessage } from '../../lib/chat/types.ts';
import type { Json, Route } from '../../lib/http/route.ts';
import { ContractQuerySchema } from '../../lib/schemas/agent-contracts.ts';
import { ChatAfterQuerySchema, ChatMessageInputSchema, ConversationChangeSchema, ConversationPageQuerySchema, ConversationParamsSchema } from '../../lib/schemas/chat.ts';
import { InboxActionSchema, InboxItemParamsSchema, InboxQuerySchema } from '../../lib/schemas/inbox.ts';

/**
 * The agents' desk: their side of the chat (decision 0019), the team, the inbox and the contract
 * list (decision 0053) in the route table (issue 37, decision 0074): the functions' endpoint()
 * takes each entry, the browser calls api(entry, …) and links with routeUrl(entry, …). One module
 * per feature, so that a page bundles only the entries of the features it uses, with their
 * schemas; tests/integration/http/route-table.test.ts reads every feature's routes.ts as the
 * table.
 */

export const agentConversations = {
  method: 'GET',
  path: '/api/agent/conversations',
  query: ConversationPageQuerySchema,
  answer: 'json' as Json<AgentConversationPage>,
} as const satisfies Route;
export const agentConversationChange = {
  method: 'PATCH',
  path: '/api/agent/conversations/:id',
  params: ConversationParamsSchema,
  body: ConversationChangeSchema,
  answer: 'json' as Json<{ conversation: AgentConversation }>,
} as const satisfies Route;
export const agentThread = {
  method: 'GET',
  path: '/api/agent/conversations/:id/messages',
  params: ConversationParamsSchema,
  query: ChatAfterQuerySchema,
  answer: 'json' as Json<{ conversation: AgentConversation; messages: ChatMessage[]; hasMore: boolean }>,
} as const satisfies Route;
export const agentReply = {
  method: 'POST',
  path: '/api/agent/conversations/:id/messages',
  params: ConversationParamsSchema,
  body: ChatMessageInputSchema,
  answer: 'json' as Json<{ message: ChatMessage }>,
} as const satisfies Route;
export const agentConversationRead = {
  method: 'POST',
  path: '/api/agent/conversations/:id/read',
  params: ConversationParamsSchema,
  answer: 'json' as Json<{ conversation: AgentConversation }>,
} as const satisfies Route;
export const agentAgents = { method: 'GET', path: '/api/agent/agents', answer: 'json' as Json<{ agents: AgentSummary[] }> } as const satisfies Route;

export const agentInbox = { method: 'GET', path: '/api/agent/inbox', query: InboxQuerySchema, answer: 'json' as Json<InboxPage> } as const satisfies Route;
/** An agent's step on an inbox item (take over, answer, decide); what it starts by mail follows the answer. */
export const agentInboxAction = {
  method: 'PATCH',
  path: '/api/agent/inbox/:type/:id',
  params: InboxItemParamsSchema,
  body: InboxActionSchema,
  answer: 'json' as Json<{ item: InboxItem }>,
} as const satisfies Route;
export const agentContracts = { method: 'GET', path: '/api/agent/contracts', query: ContractQuerySchema, answer: 'json' as Json<ContractPage> } as const satisfies Route;
