CREATE TABLE "account_call_slots" (
	"user_id" text NOT NULL,
	"slot" bigint NOT NULL,
	"instance_id" text NOT NULL,
	"call_id" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "account_call_slots_pkey" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
CREATE TABLE "login_throttle_counts" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"failures" bigint NOT NULL,
	"started_at" bigint NOT NULL,
	"last_failed_at" bigint NOT NULL,
	CONSTRAINT "login_throttle_counts_pkey" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint NOT NULL,
	"reset_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_call_slots_instance_idx" ON "account_call_slots" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "account_call_slots_expires_idx" ON "account_call_slots" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_throttle_counts_started_idx" ON "login_throttle_counts" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "login_throttle_counts_recent_idx" ON "login_throttle_counts" USING btree ("kind","last_failed_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_idx" ON "rate_limit_hits" USING btree ("reset_at");