CREATE TABLE "portal_drafts" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"draft_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_drafts_service_url_username_draft_key_pk" PRIMARY KEY("service_url","username","draft_key")
);
