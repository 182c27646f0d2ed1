-- Charges are now written only when a call is answered (docs/decisions/028). A pending charge left by a crash of the previous version belongs to a call that was never answered: refund it before the table goes.
UPDATE `users` SET `api_usage_count` = max(`api_usage_count` - (SELECT count(*) FROM `pending_charges` p WHERE p.`user_id` = `users`.`id` AND json_extract(p.`ticket`, '$.lifetime')), 0) WHERE `id` IN (SELECT `user_id` FROM `pending_charges`);
--> statement-breakpoint
UPDATE `monthly_usage` SET `calls` = max(`calls` - (SELECT count(*) FROM `pending_charges` p WHERE json_extract(p.`ticket`, '$.meter.name') = `monthly_usage`.`meter` AND json_extract(p.`ticket`, '$.meter.month') = `monthly_usage`.`month`), 0);
--> statement-breakpoint
UPDATE `purchases` SET `usage_count` = max(`usage_count` - (SELECT count(*) FROM `pending_charges` p WHERE json_extract(p.`ticket`, '$.purchaseId') = `purchases`.`id`), 0);
--> statement-breakpoint
UPDATE `plan_api_keys` SET `usage_count` = max(`usage_count` - (SELECT count(*) FROM `pending_charges` p WHERE json_extract(p.`ticket`, '$.planKeyValue') = `plan_api_keys`.`key_value`), 0);
--> statement-breakpoint
UPDATE `users` SET `overage_charges` = max(`overage_charges` - (SELECT count(*) FROM `pending_charges` p JOIN `billing_charges` c ON c.`id` = json_extract(p.`ticket`, '$.overageChargeId') AND c.`status` = 'pending' WHERE p.`user_id` = `users`.`id`), 0) WHERE `id` IN (SELECT `user_id` FROM `pending_charges`);
--> statement-breakpoint
UPDATE `billing_charges` SET `amount` = max(`amount` - (SELECT count(*) FROM `pending_charges` p WHERE json_extract(p.`ticket`, '$.overageChargeId') = `billing_charges`.`id`), 0) WHERE `status` = 'pending' AND `charge_type` = 'overage';
--> statement-breakpoint
DROP TABLE `pending_charges`;
