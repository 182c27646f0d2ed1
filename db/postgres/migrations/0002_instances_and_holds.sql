CREATE TABLE "instance_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" bigint NOT NULL,
	"started_at" bigint DEFAULT (floor(extract(epoch from now()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metering_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metering_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" text NOT NULL,
	"user_id" text NOT NULL,
	"counter" text NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from now()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "instance_id" text;--> statement-breakpoint
CREATE INDEX "metering_holds_user_idx" ON "metering_holds" USING btree ("user_id","counter");--> statement-breakpoint
CREATE INDEX "metering_holds_instance_idx" ON "metering_holds" USING btree ("instance_id");