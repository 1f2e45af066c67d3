CREATE INDEX "contests_listed_idx" ON "contests" USING btree ("create_time","unique_id") WHERE "contests"."open" = 1 and "contests"."delete_time" is null;
