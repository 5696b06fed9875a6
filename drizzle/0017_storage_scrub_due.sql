CREATE TABLE "storage_scrub_due" (
	"table_name" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
