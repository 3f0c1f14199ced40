CREATE TABLE "track_points" (
	"robot_id" integer NOT NULL,
	"ts" bigint NOT NULL,
	"tenant_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" real NOT NULL,
	"direction" real NOT NULL,
	"mode" varchar(16) NOT NULL,
	CONSTRAINT "track_points_robot_id_ts_pk" PRIMARY KEY("robot_id","ts")
);
--> statement-breakpoint
CREATE INDEX "track_points_ts_brin" ON "track_points" USING brin ("ts");