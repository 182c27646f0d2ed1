CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`purchase_id` integer NOT NULL,
	`credited_number` text,
	`issued_at` integer NOT NULL,
	`description` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`payer_email` text,
	`payer_name` text,
	`paypal_capture_id` text,
	`seller` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`);--> statement-breakpoint
CREATE INDEX `receipts_user_idx` ON `receipts` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_purchase_kind_idx` ON `receipts` (`purchase_id`,`kind`);--> statement-breakpoint
CREATE TABLE `spending_alerts` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`percent` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `month`, `percent`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `spending_limits` (
	`user_id` text PRIMARY KEY NOT NULL,
	`monthly_cents` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `purchases` ADD `renewal` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `purchases` ADD `expiry_notice_at` integer;