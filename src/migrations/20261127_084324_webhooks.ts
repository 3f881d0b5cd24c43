import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_webhooks_events" AS ENUM('event.published', 'event.updated', 'event.unpublished', 'event.trashed', 'event.restored', 'event.deleted', 'organizer.published', 'organizer.updated', 'organizer.unpublished', 'organizer.trashed', 'organizer.restored', 'organizer.deleted', 'venue.published', 'venue.updated', 'venue.unpublished', 'venue.trashed', 'venue.restored', 'venue.deleted', 'event.occurrence_cancelled', 'category.changed', 'tag.changed');
  CREATE TYPE "public"."enum_webhook_deliveries_event" AS ENUM('event.published', 'event.updated', 'event.unpublished', 'event.trashed', 'event.restored', 'event.deleted', 'organizer.published', 'organizer.updated', 'organizer.unpublished', 'organizer.trashed', 'organizer.restored', 'organizer.deleted', 'venue.published', 'venue.updated', 'venue.unpublished', 'venue.trashed', 'venue.restored', 'venue.deleted', 'event.occurrence_cancelled', 'category.changed', 'tag.changed');
  CREATE TYPE "public"."enum_webhook_deliveries_status" AS ENUM('pending', 'delivered', 'failed', 'skipped');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'deliverWebhooks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'deliverWebhooks';
  CREATE TABLE "webhooks_events" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_webhooks_events",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "webhooks" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"url" varchar NOT NULL,
  	"enabled" boolean DEFAULT true,
  	"secret" varchar,
  	"previous_secret" varchar,
  	"previous_secret_expires_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "webhook_deliveries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"webhook_id" integer,
  	"event" "enum_webhook_deliveries_event" NOT NULL,
  	"message_id" varchar NOT NULL,
  	"status" "enum_webhook_deliveries_status" DEFAULT 'pending' NOT NULL,
  	"item_collection" varchar NOT NULL,
  	"item_id" numeric NOT NULL,
  	"occurrence_id" numeric,
  	"attempts" numeric DEFAULT 0 NOT NULL,
  	"next_attempt_at" timestamp(3) with time zone,
  	"last_attempt_at" timestamp(3) with time zone,
  	"response_status" numeric,
  	"duration_ms" numeric,
  	"response_excerpt" varchar,
  	"error" varchar,
  	"body" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhooks_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_deliveries_id" integer;
  ALTER TABLE "webhooks_events" ADD CONSTRAINT "webhooks_events_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "webhooks_events_order_idx" ON "webhooks_events" USING btree ("order");
  CREATE INDEX "webhooks_events_parent_idx" ON "webhooks_events" USING btree ("parent_id");
  CREATE INDEX "webhooks_updated_at_idx" ON "webhooks" USING btree ("updated_at");
  CREATE INDEX "webhooks_created_at_idx" ON "webhooks" USING btree ("created_at");
  CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id");
  CREATE UNIQUE INDEX "webhook_deliveries_message_id_idx" ON "webhook_deliveries" USING btree ("message_id");
  CREATE INDEX "webhook_deliveries_status_idx" ON "webhook_deliveries" USING btree ("status");
  CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries" USING btree ("next_attempt_at");
  CREATE INDEX "webhook_deliveries_updated_at_idx" ON "webhook_deliveries" USING btree ("updated_at");
  CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhooks_fk" FOREIGN KEY ("webhooks_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_deliveries_fk" FOREIGN KEY ("webhook_deliveries_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_webhooks_id_idx" ON "payload_locked_documents_rels" USING btree ("webhooks_id");
  CREATE INDEX "payload_locked_documents_rels_webhook_deliveries_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_deliveries_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhooks_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhooks" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_deliveries" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhooks_events" CASCADE;
  DROP TABLE "webhooks" CASCADE;
  DROP TABLE "webhook_deliveries" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhooks_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhook_deliveries_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'publishScheduledItems', 'extendRecurrences');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'publishScheduledItems', 'extendRecurrences');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_webhooks_id_idx";
  DROP INDEX "payload_locked_documents_rels_webhook_deliveries_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhooks_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhook_deliveries_id";
  DROP TYPE "public"."enum_webhooks_events";
  DROP TYPE "public"."enum_webhook_deliveries_event";
  DROP TYPE "public"."enum_webhook_deliveries_status";`)
}
