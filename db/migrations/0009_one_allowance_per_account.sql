CREATE TABLE `allowance_credits` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`calls` integer NOT NULL,
	PRIMARY KEY(`user_id`, `month`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Until here a plan key drew on its purchase's own monthly allowance (`purchase:<id>`); from here
-- every key draws on its account's (`user:<id>`), and a key's calls are a statistic (`key:<pk_…>`).
-- The month this runs in keeps every free call each paid account had left (docs/decisions/036):
-- its count takes the calls of its running plans' keys, and a credit adds back what the personal
-- allowance had over its limit plus each running pool's allowance (or its calls, if more).
INSERT INTO `allowance_credits` (`user_id`, `month`, `calls`)
SELECT u.id, strftime('%Y-%m', 'now'),
  max(0, coalesce((SELECT calls FROM monthly_usage WHERE meter = 'user:' || u.id AND month = strftime('%Y-%m', 'now')), 0)
         - CASE u.subscription_tier WHEN 'pro' THEN 100000 ELSE 10000 END)
  + sum(max(coalesce(p.usage_limit, 0), coalesce(m.calls, 0)))
FROM users u
JOIN purchases p ON p.user_id = u.id AND p.status = 'completed' AND p.is_active = 1 AND p.plan_type IN ('starter', 'pro')
  AND p.expires_at > cast(unixepoch('subsec') * 1000 as integer)
LEFT JOIN monthly_usage m ON m.meter = 'purchase:' || p.id AND m.month = strftime('%Y-%m', 'now')
WHERE u.subscription_tier IN ('starter', 'pro')
GROUP BY u.id;
--> statement-breakpoint
INSERT INTO `monthly_usage` (`meter`, `month`, `calls`)
SELECT 'user:' || u.id, m.month, sum(m.calls)
FROM users u
JOIN purchases p ON p.user_id = u.id AND p.status = 'completed' AND p.is_active = 1 AND p.plan_type IN ('starter', 'pro')
  AND p.expires_at > cast(unixepoch('subsec') * 1000 as integer)
JOIN monthly_usage m ON m.meter = 'purchase:' || p.id AND m.month = strftime('%Y-%m', 'now')
WHERE u.subscription_tier IN ('starter', 'pro')
GROUP BY u.id, m.month
ON CONFLICT (`meter`, `month`) DO UPDATE SET `calls` = `calls` + excluded.`calls`;
--> statement-breakpoint
-- Each plan key's history, month by month, becomes its own statistic (a purchase has one plan key).
INSERT INTO `monthly_usage` (`meter`, `month`, `calls`)
SELECT 'key:' || k.key_value, m.month, m.calls
FROM plan_api_keys k
JOIN monthly_usage m ON m.meter = 'purchase:' || k.purchase_id
WHERE true
ON CONFLICT (`meter`, `month`) DO UPDATE SET `calls` = `calls` + excluded.`calls`;
--> statement-breakpoint
DELETE FROM `monthly_usage` WHERE `meter` LIKE 'purchase:%';
