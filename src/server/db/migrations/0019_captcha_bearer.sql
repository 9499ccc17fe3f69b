-- A captcha is no longer bound to the visitor_id cookie (docs/decisions/0033): a reader without
-- JavaScript has no such cookie when the form's picture loads. The captcha's own random id,
-- held in the HttpOnly captcha cookie, is what identifies it.
ALTER TABLE captchas DROP COLUMN visitor_hash;
