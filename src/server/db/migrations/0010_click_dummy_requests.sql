-- Click-dummy requests from the landing page (POST /api/clickdummy): who asked for which prototype.
CREATE TABLE click_dummy_requests (
  id         bigserial   PRIMARY KEY,
  name       text        NOT NULL,
  email      text        NOT NULL,
  prompt     text        NOT NULL,
  trigger    text        NOT NULL CHECK (trigger IN ('create', 'save')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX click_dummy_requests_created_at ON click_dummy_requests (created_at);
