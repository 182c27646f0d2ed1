-- A purchase is a record of money: it outlives its account, whose link is cleared instead of the
-- row being deleted with it (docs/decisions/036). SQLite changes a foreign key only by rebuilding
-- the table, and migrations run in a transaction where foreign_keys cannot be switched off, so
-- dropping the old table fires the children's ON DELETE SET NULL: their links are kept aside and
-- put back once the new table holds the same ids.
CREATE TEMP TABLE `kept_charge_links` AS SELECT `id`, `purchase_id` FROM `billing_charges` WHERE `purchase_id` IS NOT NULL;--> statement-breakpoint
CREATE TEMP TABLE `kept_key_links` AS SELECT `id`, `purchase_id` FROM `api_keys` WHERE `purchase_id` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`paypal_order_id` text NOT NULL,
	`paypal_request_id` text,
	`plan_type` text NOT NULL,
	`plan_name` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`paypal_capture_id` text,
	`usage_limit` integer,
	`usage_count` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`renewal` integer DEFAULT false NOT NULL,
	`expiry_notice_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_purchases`("id", "user_id", "paypal_order_id", "paypal_request_id", "plan_type", "plan_name", "amount", "currency", "status", "paypal_capture_id", "usage_limit", "usage_count", "expires_at", "is_active", "renewal", "expiry_notice_at", "created_at", "completed_at") SELECT "id", "user_id", "paypal_order_id", "paypal_request_id", "plan_type", "plan_name", "amount", "currency", "status", "paypal_capture_id", "usage_limit", "usage_count", "expires_at", "is_active", "renewal", "expiry_notice_at", "created_at", "completed_at" FROM `purchases`;--> statement-breakpoint
DROP TABLE `purchases`;--> statement-breakpoint
ALTER TABLE `__new_purchases` RENAME TO `purchases`;--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_paypal_order_id_unique` ON `purchases` (`paypal_order_id`);--> statement-breakpoint
CREATE INDEX `purchases_user_idx` ON `purchases` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_capture_idx` ON `purchases` (`paypal_capture_id`);--> statement-breakpoint
UPDATE `billing_charges` SET `purchase_id` = (SELECT `purchase_id` FROM `kept_charge_links` k WHERE k.`id` = `billing_charges`.`id`) WHERE `id` IN (SELECT `id` FROM `kept_charge_links`);--> statement-breakpoint
UPDATE `api_keys` SET `purchase_id` = (SELECT `purchase_id` FROM `kept_key_links` k WHERE k.`id` = `api_keys`.`id`) WHERE `id` IN (SELECT `id` FROM `kept_key_links`);--> statement-breakpoint
DROP TABLE `kept_charge_links`;--> statement-breakpoint
DROP TABLE `kept_key_links`;
