CREATE TABLE `password_resets` (
	`token_digest` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_id` text REFERENCES users(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
-- Sessions signed in before this column existed name their account in their data (passport's user).
UPDATE `sessions` SET `user_id` = json_extract(`data`, '$.passport.user')
WHERE json_extract(`data`, '$.passport.user') IN (SELECT `id` FROM `users`);
