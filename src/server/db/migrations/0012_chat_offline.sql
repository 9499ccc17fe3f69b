-- The offline path of the support chat (issue 11, docs/decisions/0018-chat-offline-mail.md):
-- when no agent has been active for 5 minutes, the visitor may leave an e-mail address and the
-- agents' replies go out by mail as well.

-- One row per agent: the time of their latest authenticated agent call (the dashboard polls, so
-- an open dashboard keeps it fresh). Only the latest time is kept, no history of who was online.
CREATE TABLE chat_agent_presence (
  agent_id       uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_active_at timestamptz NOT NULL
);
CREATE INDEX chat_agent_presence_active ON chat_agent_presence (last_active_at DESC);

-- Where the agents' replies to this conversation are mailed; NULL = chat only. Erased with the
-- conversation (and so with the account that owns it).
ALTER TABLE chat_conversations ADD COLUMN visitor_email text CHECK (visitor_email IS NULL OR char_length(visitor_email) BETWEEN 3 AND 254);
