CREATE TABLE "alarm_days" (
	"tenant_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_days_tenant_id_day_robot_id_kind_pk" PRIMARY KEY("tenant_id","day","robot_id","kind")
);
--> statement-breakpoint
CREATE TABLE "robot_days" (
	"tenant_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"day" date NOT NULL,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"online_s" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "robot_days_tenant_id_day_robot_id_pk" PRIMARY KEY("tenant_id","day","robot_id")
);
--> statement-breakpoint
-- The days summed so far, from the alarms and hours stored, each on its day of the tenant's clock
-- (an hour on the day its start falls on). The rollup's lock (class "RH") keeps a pass of an
-- instance still running from adding hours between this read and the commit.
SELECT pg_advisory_xact_lock(21064, 0);--> statement-breakpoint
INSERT INTO "alarm_days" ("tenant_id", "robot_id", "kind", "day", "count")
SELECT a."tenant_id", a."robot_id", a."kind", (a."reported_at" AT TIME ZONE t."time_zone")::date, count(*)::int
  FROM "alarms" a JOIN "tenants" t ON t."id" = a."tenant_id"
 GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "robot_days" ("tenant_id", "robot_id", "day", "distance_m", "online_s")
SELECT h."tenant_id", h."robot_id", (h."hour" AT TIME ZONE coalesce(t."time_zone", 'Asia/Shanghai'))::date,
       sum(h."distance_m"), sum(h."online_s")::int
  FROM "robot_hours" h LEFT JOIN "tenants" t ON t."id" = h."tenant_id"
 GROUP BY 1, 2, 3;
