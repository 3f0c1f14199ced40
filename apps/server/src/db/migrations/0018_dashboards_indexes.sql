CREATE TABLE "robot_hours_rollup" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"counted_to" bigint NOT NULL,
	"passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robot_hours_rollup_one_row" CHECK ("robot_hours_rollup"."id" = 1)
);
--> statement-breakpoint
-- The rollup counts the track points stored from now on (the hours summed so far stay as they are).
INSERT INTO "robot_hours_rollup" ("id", "counted_to") VALUES (1, (extract(epoch from now()) * 1000)::int8);--> statement-breakpoint
-- The dashboards' covering indexes (Drizzle does not express `include`): the overview, home lists,
-- trend window and alarm portrait read them without the tables' rows.
CREATE INDEX "robot_hours_tenant_cover_idx" ON "robot_hours" USING btree ("tenant_id","hour") INCLUDE ("robot_id","distance_m","online_s");--> statement-breakpoint
DROP INDEX "robot_hours_tenant_hour_idx";--> statement-breakpoint
CREATE INDEX "alarms_tenant_cover_idx" ON "alarms" USING btree ("tenant_id","reported_at") INCLUDE ("kind","robot_id","robot_name","lat","lng");--> statement-breakpoint
CREATE INDEX "alarms_tenant_open_idx" ON "alarms" USING btree ("tenant_id","reported_at") WHERE "status" = 'disposing';--> statement-breakpoint
CREATE INDEX "runs_tenant_cover_idx" ON "runs" USING btree ("tenant_id","planned_at") INCLUDE ("status","robot_id");
