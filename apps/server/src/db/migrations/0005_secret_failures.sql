CREATE TABLE "secret_failures" (
	"kind" varchar(16) NOT NULL,
	"key" varchar(200) NOT NULL,
	"address" varchar(64) NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"last_success_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "secret_failures_kind_key_address_pk" PRIMARY KEY("kind","key","address")
);
