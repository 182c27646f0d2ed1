DROP INDEX `crypto_operations_demo_idx`;--> statement-breakpoint
DROP INDEX `crypto_operations_api_key_idx`;--> statement-breakpoint
ALTER TABLE `crypto_operations` ADD `signature_bytes` blob;--> statement-breakpoint
ALTER TABLE `crypto_operations` ADD `public_key_bytes` blob;--> statement-breakpoint
CREATE INDEX `crypto_operations_demo_idx` ON `crypto_operations` (`demo_session_id`,`id`) WHERE "crypto_operations"."demo_session_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `crypto_operations_api_key_idx` ON `crypto_operations` (`api_key`,`id`) WHERE "crypto_operations"."api_key" IS NOT NULL;