-- Customer numbers and the data-processing agreement (issue 20, docs/decisions/0036-av-agreement.md).

-- Every account gets a customer number ('K-000042'), derived from a sequence like order and
-- contract numbers, so it is unique too; existing accounts are numbered here. It never narrows:
-- 'K-1234567' keeps all its digits.
ALTER TABLE users ADD COLUMN customer_seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE users ADD COLUMN customer_number text
  GENERATED ALWAYS AS ('K-' || lpad(customer_seq::text, greatest(6, length(customer_seq::text)), '0')) STORED UNIQUE;

-- An AV request names a customer number as typed (normalised to 'K-000042'; older requests hold
-- plain digits). The agreement goes only to the address on record: `email` is where it went, and
-- NULL when number and postal code fit no customer and nothing was sent.
ALTER TABLE av_requests ALTER COLUMN customer_id TYPE text USING customer_id::text;
ALTER TABLE av_requests ALTER COLUMN email DROP NOT NULL;
