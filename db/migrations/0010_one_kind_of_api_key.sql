ALTER TABLE `api_keys` ADD `previous_secret_digest` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `previous_secret_expires_at` integer;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `purchase_id` integer REFERENCES purchases(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `allowed_operations` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `usage_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `last_used_ip` text;--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_purchase_idx` ON `api_keys` (`purchase_id`);--> statement-breakpoint
-- Plan keys become API keys issued with a purchase (docs/decisions/036): same value, secret,
-- pending secret, state and statistics; a key switched off with a refunded plan stays off.
INSERT INTO `api_keys` (`user_id`, `key_name`, `key_value`, `secret_digest`, `pending_secret`, `is_active`, `purchase_id`, `usage_count`, `last_used`, `created_at`)
SELECT `user_id`, `key_name`, `key_value`, `secret_digest`, `pending_secret`, `is_active`, `purchase_id`, `usage_count`, `last_used`, `created_at`
FROM `plan_api_keys` ORDER BY `id`;--> statement-breakpoint
DROP TABLE `plan_api_keys`;
