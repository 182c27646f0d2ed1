ALTER TABLE `crypto_operations` ADD `signature_bytes` blob;--> statement-breakpoint
ALTER TABLE `crypto_operations` ADD `public_key_bytes` blob;