ALTER TABLE "accounts" ADD COLUMN "last_login_ip" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_login_device" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_login_time" bigint;--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("id") WHERE "audit_log"."action" LIKE 'operator.%';
