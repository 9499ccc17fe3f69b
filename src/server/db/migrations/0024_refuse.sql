-- Issue 22, decision 0044: a statement that does a whole request's work in one round trip (the
-- order: order, lines, contracts, proof of work, document, mails) must be able to undo all of it
-- when one part is refused – a replayed hashcash task. Plain SQL cannot raise an error; this
-- function does, so the statement rolls back as a transaction would. VOLATILE, so the planner
-- never evaluates it ahead of the condition that calls it.
CREATE FUNCTION refuse(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason;
END
$$;
