CREATE TABLE `performance_totals` (
	`algorithm` text PRIMARY KEY NOT NULL,
	`operations` integer DEFAULT 0 NOT NULL,
	`size_sum` real DEFAULT 0 NOT NULL,
	`size_count` integer DEFAULT 0 NOT NULL,
	`generation_sum` real DEFAULT 0 NOT NULL,
	`generation_count` integer DEFAULT 0 NOT NULL,
	`verification_sum` real DEFAULT 0 NOT NULL,
	`verification_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verification_nonce` text;--> statement-breakpoint
INSERT INTO `performance_totals` (`algorithm`, `operations`, `size_sum`, `size_count`, `generation_sum`, `generation_count`, `verification_sum`, `verification_count`)
SELECT `algorithm`, count(*),
  coalesce(sum(CASE WHEN `operation_type` = 'sign' THEN `signature_size` END), 0), count(CASE WHEN `operation_type` = 'sign' THEN `signature_size` END),
  coalesce(sum(`generation_time`), 0), count(`generation_time`),
  coalesce(sum(`verification_time`), 0), count(`verification_time`)
FROM `crypto_operations` GROUP BY `algorithm`;--> statement-breakpoint
UPDATE `users` SET `email_verified_at` = `updated_at` WHERE `google_id` IS NOT NULL;
