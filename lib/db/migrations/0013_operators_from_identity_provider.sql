ALTER TABLE "operators" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "identity_issuer" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "identity_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_identity_idx" ON "operators" USING btree ("identity_issuer","identity_subject");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_sign_in_check" CHECK (("operators"."password_hash" is not null and "operators"."identity_subject" is null and "operators"."identity_issuer" is null)
        or ("operators"."password_hash" is null and "operators"."identity_subject" is not null and "operators"."identity_issuer" is not null));