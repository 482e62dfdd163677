CREATE TABLE "sign_in_tries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_tries_account_idx" ON "sign_in_tries" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "sign_in_tries_address_idx" ON "sign_in_tries" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "sign_in_tries_at_idx" ON "sign_in_tries" USING btree ("at");