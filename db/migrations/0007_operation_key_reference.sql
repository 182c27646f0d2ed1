ALTER TABLE `crypto_operations` ADD `signing_key_id` text;--> statement-breakpoint
-- Operation records point to a user's signing key for its public key (docs/decisions/032): such a
-- key goes only with its account (the cascade from users, which takes the records too).
CREATE TRIGGER `signing_keys_outlive_their_records` BEFORE DELETE ON `signing_keys`
WHEN OLD.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id)
BEGIN
  SELECT RAISE(ABORT, 'a user''s signing key is deleted only with its account: operation records point to its public key');
END;
