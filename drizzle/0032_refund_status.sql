ALTER TABLE "portal_payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
-- Refunds made through the portal before their status was kept: marked refunded at once. They are
-- `pending` now, so the payment check asks Stripe for each and records what it says.
UPDATE "portal_payments" SET "refund_status" = 'pending' WHERE "state" = 'refunded' AND "refund_id" IS NOT NULL;
