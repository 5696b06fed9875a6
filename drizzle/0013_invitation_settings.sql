CREATE TABLE "portal_invitation_settings" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"objekt_id" integer NOT NULL,
	"auto_invite" boolean DEFAULT false NOT NULL,
	"days_before" integer DEFAULT 7 NOT NULL,
	"snapshot" jsonb NOT NULL,
	"landlord_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_invitation_settings_service_url_username_objekt_id_pk" PRIMARY KEY("service_url","username","objekt_id")
);
