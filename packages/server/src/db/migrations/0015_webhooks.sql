CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"format" text DEFAULT 'json' NOT NULL,
	"secret" text NOT NULL,
	"enabled" integer DEFAULT 1 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"disabled_time" bigint,
	"disabled_reason" text,
	"creator_id" integer,
	"create_time" bigint NOT NULL,
	"update_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"hook_id" integer NOT NULL,
	"event" text NOT NULL,
	"event_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_time" bigint,
	"last_status" integer,
	"last_error" text,
	"create_time" bigint NOT NULL,
	"last_attempt_time" bigint,
	"done_time" bigint
);
--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_unique_id_contests_unique_id_fk" FOREIGN KEY ("unique_id") REFERENCES "public"."contests"("unique_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_hook_id_webhooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhooks_contest_idx" ON "webhooks" USING btree ("unique_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "webhook_deliveries" USING btree ("hook_id","event_key");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_hook_idx" ON "webhook_deliveries" USING btree ("hook_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_time") WHERE "status" = 'pending';
