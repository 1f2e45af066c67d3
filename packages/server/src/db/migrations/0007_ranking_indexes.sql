CREATE TABLE "ranking_players" (
	"unique_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"games" integer NOT NULL,
	"total_point" bigint NOT NULL,
	"place_1" integer NOT NULL,
	"place_2" integer NOT NULL,
	"place_3" integer NOT NULL,
	"place_4" integer NOT NULL,
	"place_sum" integer NOT NULL,
	"latest_uuid" text NOT NULL,
	"recent_points" bigint[] NOT NULL,
	"best_points" bigint[] NOT NULL,
	"best_ends" text[] NOT NULL,
	CONSTRAINT "ranking_players_unique_id_season_id_account_id_pk" PRIMARY KEY("unique_id","season_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "record_players" ADD COLUMN "removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "record_players" SET "removed" = 1 FROM "game_records" WHERE "game_records"."uuid" = "record_players"."record_uuid" AND "game_records"."removed" = 1;--> statement-breakpoint
ALTER TABLE "ranking_players" ADD CONSTRAINT "ranking_players_season_fk" FOREIGN KEY ("unique_id","season_id") REFERENCES "public"."seasons"("unique_id","season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_players_ranking_idx" ON "record_players" USING btree ("unique_id","season_id","account_id","end_time","record_uuid","total_point","place") WHERE "record_players"."removed" = 0 and "record_players"."account_id" <> 0;--> statement-breakpoint
-- Every player of every season counted once (recountStatement in src/domains/ranking/queries.ts).
insert into ranking_players (unique_id, season_id, account_id, games, total_point, place_1, place_2, place_3, place_4, place_sum, latest_uuid, recent_points, best_points, best_ends) with c as ( select unique_id, season_id, account_id, record_uuid, place, row_number() over p as i, count(*) over (partition by unique_id, season_id, account_id) as n, sum(total_point::bigint) over (p rows between unbounded preceding and current row) as cum from record_players where removed = 0 and account_id <> 0 and true window p as (partition by unique_id, season_id, account_id order by end_time, record_uuid) ), s as ( select *, array[ cum - lag(cum, 1, 0::bigint) over p, cum - lag(cum, 2, 0::bigint) over p, cum - lag(cum, 3, 0::bigint) over p, cum - lag(cum, 4, 0::bigint) over p, cum - lag(cum, 5, 0::bigint) over p, cum - lag(cum, 6, 0::bigint) over p, cum - lag(cum, 7, 0::bigint) over p, cum - lag(cum, 8, 0::bigint) over p, cum - lag(cum, 9, 0::bigint) over p, cum - lag(cum, 10, 0::bigint) over p ] as ending from c window p as (partition by unique_id, season_id, account_id order by i) ), per_k as ( select s.unique_id, s.season_id, s.account_id, u.k, max(u.series) as best, (array_agg(s.record_uuid order by u.series desc, s.i))[1] as best_end, max(u.series) filter (where s.i = s.n) as recent, count(*) as games, sum(u.series) as total, sum(s.place) as place_sum, count(*) filter (where s.place = 1) as p1, count(*) filter (where s.place = 2) as p2, count(*) filter (where s.place = 3) as p3, count(*) filter (where s.place = 4) as p4, (array_agg(s.record_uuid order by s.i desc))[1] as latest from s cross join lateral unnest(s.ending) with ordinality as u(series, k) where u.k <= s.i group by s.unique_id, s.season_id, s.account_id, u.k ) select unique_id, season_id, account_id, max(games) filter (where k = 1), max(total) filter (where k = 1), max(p1) filter (where k = 1), max(p2) filter (where k = 1), max(p3) filter (where k = 1), max(p4) filter (where k = 1), max(place_sum) filter (where k = 1), max(latest) filter (where k = 1), array_agg(recent order by k), array_agg(best order by k), array_agg(best_end order by k) from per_k group by unique_id, season_id, account_id;
