-- Key versions and lifecycle (docs/decisions/056): signing_keys' seed becomes nullable (a destroyed
-- key keeps its row and public key but no seed), which SQLite changes only by rebuilding the table.
-- Nothing references signing_keys by foreign key yet (crypto_operations.signing_key_id is plain
-- text), so dropping the old table takes only its trigger, made again below.
CREATE TABLE `__new_signing_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`demo_session_id` text,
	`algorithm` text NOT NULL,
	`name` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`sealed_seed` text,
	`public_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`primary_version` integer DEFAULT 1 NOT NULL,
	`state` text DEFAULT 'enabled' NOT NULL,
	`deletion_at` integer,
	`rotation_period_days` integer,
	`next_rotation_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_signing_keys`("id", "user_id", "demo_session_id", "algorithm", "name", "is_default", "sealed_seed", "public_key", "created_at") SELECT "id", "user_id", "demo_session_id", "algorithm", "name", "is_default", "sealed_seed", "public_key", "created_at" FROM `signing_keys`;--> statement-breakpoint
DROP TABLE `signing_keys`;--> statement-breakpoint
ALTER TABLE `__new_signing_keys` RENAME TO `signing_keys`;--> statement-breakpoint
CREATE INDEX `signing_keys_user_idx` ON `signing_keys` (`user_id`,`algorithm`);--> statement-breakpoint
CREATE INDEX `signing_keys_demo_idx` ON `signing_keys` (`demo_session_id`,`algorithm`);--> statement-breakpoint
CREATE INDEX `signing_keys_deletion_idx` ON `signing_keys` (`deletion_at`);--> statement-breakpoint
CREATE INDEX `signing_keys_rotation_idx` ON `signing_keys` (`next_rotation_at`);--> statement-breakpoint
CREATE TRIGGER `signing_keys_outlive_their_records` BEFORE DELETE ON `signing_keys`
WHEN OLD.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'a user''s signing key is deleted only with its account: operation records point to its public key');
END;--> statement-breakpoint
CREATE TABLE `key_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key_id` text NOT NULL,
	`version` integer NOT NULL,
	`sealed_seed` text,
	`public_key` text NOT NULL,
	`state` text DEFAULT 'enabled' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`key_id`) REFERENCES `signing_keys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `key_versions_key_version_idx` ON `key_versions` (`key_id`,`version`);--> statement-breakpoint
-- Every existing key becomes version 1 of itself, its seed sealed as before (key id as associated data).
INSERT INTO `key_versions` (`key_id`, `version`, `sealed_seed`, `public_key`, `state`, `created_at`) SELECT `id`, 1, `sealed_seed`, `public_key`, 'enabled', `created_at` FROM `signing_keys`;--> statement-breakpoint
CREATE TABLE `key_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`algorithm` text NOT NULL,
	`name` text,
	`key_id` text,
	`sealed_secret` text,
	`wrapping_public_key` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `key_imports_user_idx` ON `key_imports` (`user_id`);--> statement-breakpoint
CREATE INDEX `key_imports_expires_idx` ON `key_imports` (`expires_at`);
