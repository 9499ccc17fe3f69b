-- Support chat (issue 11). A conversation belongs either to the account of a logged-in customer
-- (user_id) or to the anonymous visitor of the HttpOnly visitor_id cookie (visitor_id), never both:
-- when the account is deleted, its conversations stay for the support history but nobody else's.
CREATE TABLE chat_conversations (
  -- Random, so a conversation id reveals nothing about others (foreign ids answer 404 anyway).
  id                 uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  visitor_id         text,
  user_id            uuid        REFERENCES users (id) ON DELETE CASCADE,
  status             text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  assigned_agent_id  uuid        REFERENCES users (id) ON DELETE SET NULL,
  -- Visitor messages no agent has read yet; the team shares one read state per conversation.
  agent_unread_count integer     NOT NULL DEFAULT 0 CHECK (agent_unread_count >= 0),
  created_at         timestamptz NOT NULL DEFAULT now(),
  last_activity_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id IS NULL OR visitor_id IS NULL)
);
CREATE INDEX chat_conversations_activity ON chat_conversations (last_activity_at DESC, id DESC);
CREATE INDEX chat_conversations_visitor ON chat_conversations (visitor_id) WHERE visitor_id IS NOT NULL;
CREATE INDEX chat_conversations_user ON chat_conversations (user_id);

CREATE TABLE chat_messages (
  -- Increasing: the `after` cursor of the polling clients.
  id              bigserial   PRIMARY KEY,
  conversation_id uuid        NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  author          text        NOT NULL CHECK (author IN ('visitor', 'agent')),
  agent_id        uuid        REFERENCES users (id) ON DELETE SET NULL,
  text            text        NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  -- The sender's temporary id: a retried send finds its message instead of storing it twice.
  temp_id         text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (author = 'agent' OR agent_id IS NULL)
);
CREATE UNIQUE INDEX chat_messages_temp_id ON chat_messages (conversation_id, temp_id) WHERE temp_id IS NOT NULL;
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
