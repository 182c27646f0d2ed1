CREATE TABLE `service_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key_id` text NOT NULL,
	`user_id` text,
	`demo_session_id` text,
	`sid` text NOT NULL,
	`public_key` text NOT NULL,
	`sealed_seed` text,
	`is_current` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_keys_key_id_idx` ON `service_keys` (`key_id`);--> statement-breakpoint
CREATE INDEX `service_keys_user_idx` ON `service_keys` (`user_id`,`sid`);--> statement-breakpoint
CREATE INDEX `service_keys_demo_idx` ON `service_keys` (`demo_session_id`,`sid`);