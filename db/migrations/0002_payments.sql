ALTER TABLE `billing_charges` ADD `month` text;--> statement-breakpoint
INSERT INTO `billing_charges` (`user_id`, `charge_type`, `amount`, `description`, `status`, `month`, `created_at`)
  SELECT `user_id`, 'overage', sum(`amount`), 'Overage in ' || strftime('%Y-%m', `created_at` / 1000, 'unixepoch') || ': calls beyond the monthly allowances at $0.01 each', 'pending', strftime('%Y-%m', `created_at` / 1000, 'unixepoch'), min(`created_at`)
  FROM `billing_charges` WHERE `charge_type` = 'overage' AND `month` IS NULL
  GROUP BY `user_id`, strftime('%Y-%m', `created_at` / 1000, 'unixepoch');--> statement-breakpoint
DELETE FROM `billing_charges` WHERE `charge_type` = 'overage' AND `month` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `billing_charges_overage_month_idx` ON `billing_charges` (`user_id`,`month`) WHERE "billing_charges"."charge_type" = 'overage';--> statement-breakpoint
CREATE UNIQUE INDEX `billing_charges_plan_purchase_idx` ON `billing_charges` (`purchase_id`) WHERE "billing_charges"."charge_type" = 'plan';--> statement-breakpoint
ALTER TABLE `users` ADD `plan_expires_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `plan_api_keys_purchase_idx` ON `plan_api_keys` (`purchase_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_capture_idx` ON `purchases` (`paypal_capture_id`);