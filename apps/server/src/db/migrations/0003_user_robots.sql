CREATE TABLE "user_robots" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_robots_user_id_robot_id_pk" PRIMARY KEY("user_id","robot_id")
);
--> statement-breakpoint
ALTER TABLE "user_robots" ADD CONSTRAINT "user_robots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_robots" ADD CONSTRAINT "user_robots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_robots" ADD CONSTRAINT "user_robots_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_robots_robot_idx" ON "user_robots" USING btree ("robot_id");