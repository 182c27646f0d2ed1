ALTER TABLE `crypto_operations` ADD `message_sha256` text;--> statement-breakpoint
ALTER TABLE `crypto_operations` ADD `message_length` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `history_keeps` text DEFAULT 'digest' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` integer;--> statement-breakpoint
-- A deleted account's signing keys go at once, with its other keys (docs/decisions/038); the
-- records that point to them are going too, removed by housekeeping before the account's row.
DROP TRIGGER `signing_keys_outlive_their_records`;--> statement-breakpoint
CREATE TRIGGER `signing_keys_outlive_their_records` BEFORE DELETE ON `signing_keys`
WHEN OLD.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'a user''s signing key is deleted only with its account: operation records point to its public key');
END;
