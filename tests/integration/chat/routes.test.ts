import { describe, expect, it } from 'vitest';
import * as agentConversationMessages from '../../../netlify/functions/agent-conversation-messages.mts';
import * as agentConversationRead from '../../../netlify/functions/agent-conversation-read.mts';
import * as agentConversation from '../../../netlify/functions/agent-conversation.mts';
import * as agentConversations from '../../../netlify/functions/agent-conversations.mts';
import * as chatConversationEmail from '../../../netlify/functions/chat-conversation-email.mts';
import * as chatConversations from '../../../netlify/functions/chat-conversations.mts';
import * as chatMessages from '../../../netlify/functions/chat-messages.mts';
import { compilePattern, matchRoute } from '../../../src/server/local/function-routes.ts';

describe('chat function paths', () => {
  const modules = { chatConversations, chatMessages, chatConversationEmail, agentConversations, agentConversation, agentConversationRead, agentConversationMessages };
  const routes = Object.entries(modules).map(([name, module]) => compilePattern(module.config.path, name));
  const id = crypto.randomUUID();

  it('route every chat path to its own function with the conversation id', () => {
    const cases: [string, string][] = [
      ['/api/chat/conversations', 'chatConversations'],
      [`/api/chat/conversations/${id}/messages`, 'chatMessages'],
      [`/api/chat/conversations/${id}/email`, 'chatConversationEmail'],
      ['/api/agent/conversations', 'agentConversations'],
      [`/api/agent/conversations/${id}`, 'agentConversation'],
      [`/api/agent/conversations/${id}/read`, 'agentConversationRead'],
      [`/api/agent/conversations/${id}/messages`, 'agentConversationMessages'],
    ];
    for (const [path, file] of cases) {
      const match = matchRoute(routes, path);
      expect(match?.route.file, path).toBe(file);
      if (path.includes(id)) expect(match?.params).toEqual({ id });
    }
    expect(matchRoute(routes, `/api/chat/conversations/${id}`)).toBeUndefined();
  });
});
