-- Session lifetimes of decision 0064 (ASVS 3.3.2 level 2) for the sessions open now: none lives
-- longer than 12 hours from its login, an agent's ends after 30 minutes unused, a remembered
-- customer's idle limit (7 days so far) is its 12 hours.
UPDATE sessions SET expires_at = LEAST(expires_at, created_at + interval '12 hours');
UPDATE sessions s SET idle_seconds = CASE WHEN u.user_type = 'agent' THEN 30 * 60 ELSE LEAST(s.idle_seconds, 12 * 60 * 60) END
FROM users u WHERE u.id = s.user_id;
