import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_calendar_sources_schedule" AS ENUM('hourly', 'daily', 'manual');
  CREATE TYPE "public"."enum_calendar_sources_conflict_policy" AS ENUM('keepLocalEdits', 'sourceWins');
  CREATE TYPE "public"."enum_calendar_sources_event_status" AS ENUM('draft', 'pending', 'publish', 'private');
  CREATE TYPE "public"."enum_calendar_sources_last_run_status" AS ENUM('succeeded', 'failed');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'importCalendarSources';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'importCalendarSources';
  CREATE TABLE "calendar_sources" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"url" varchar,
  	"ics" varchar,
  	"schedule" "enum_calendar_sources_schedule" DEFAULT 'daily' NOT NULL,
  	"conflict_policy" "enum_calendar_sources_conflict_policy" DEFAULT 'keepLocalEdits' NOT NULL,
  	"event_status" "enum_calendar_sources_event_status" DEFAULT 'draft' NOT NULL,
  	"venue_id" integer,
  	"last_run_at" timestamp(3) with time zone,
  	"last_run_status" "enum_calendar_sources_last_run_status",
  	"last_run_log" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "calendar_sources_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"organizers_id" integer,
  	"event_categories_id" integer,
  	"event_tags_id" integer
  );
  
  CREATE TABLE "calendar_source_items" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"source_id" integer NOT NULL,
  	"uid" varchar NOT NULL,
  	"recurrence_id" varchar DEFAULT '',
  	"event_id" integer,
  	"hash" varchar,
  	"synced_at" varchar,
  	"removed" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "calendar_sources_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "calendar_source_items_id" integer;
  ALTER TABLE "calendar_sources" ADD CONSTRAINT "calendar_sources_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "calendar_sources_rels" ADD CONSTRAINT "calendar_sources_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."calendar_sources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "calendar_sources_rels" ADD CONSTRAINT "calendar_sources_rels_organizers_fk" FOREIGN KEY ("organizers_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "calendar_sources_rels" ADD CONSTRAINT "calendar_sources_rels_event_categories_fk" FOREIGN KEY ("event_categories_id") REFERENCES "public"."event_categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "calendar_sources_rels" ADD CONSTRAINT "calendar_sources_rels_event_tags_fk" FOREIGN KEY ("event_tags_id") REFERENCES "public"."event_tags"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "calendar_source_items" ADD CONSTRAINT "calendar_source_items_source_id_calendar_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."calendar_sources"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "calendar_source_items" ADD CONSTRAINT "calendar_source_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "calendar_sources_venue_idx" ON "calendar_sources" USING btree ("venue_id");
  CREATE INDEX "calendar_sources_updated_at_idx" ON "calendar_sources" USING btree ("updated_at");
  CREATE INDEX "calendar_sources_created_at_idx" ON "calendar_sources" USING btree ("created_at");
  CREATE INDEX "calendar_sources_rels_order_idx" ON "calendar_sources_rels" USING btree ("order");
  CREATE INDEX "calendar_sources_rels_parent_idx" ON "calendar_sources_rels" USING btree ("parent_id");
  CREATE INDEX "calendar_sources_rels_path_idx" ON "calendar_sources_rels" USING btree ("path");
  CREATE INDEX "calendar_sources_rels_organizers_id_idx" ON "calendar_sources_rels" USING btree ("organizers_id");
  CREATE INDEX "calendar_sources_rels_event_categories_id_idx" ON "calendar_sources_rels" USING btree ("event_categories_id");
  CREATE INDEX "calendar_sources_rels_event_tags_id_idx" ON "calendar_sources_rels" USING btree ("event_tags_id");
  CREATE INDEX "calendar_source_items_source_idx" ON "calendar_source_items" USING btree ("source_id");
  CREATE INDEX "calendar_source_items_event_idx" ON "calendar_source_items" USING btree ("event_id");
  CREATE INDEX "calendar_source_items_updated_at_idx" ON "calendar_source_items" USING btree ("updated_at");
  CREATE INDEX "calendar_source_items_created_at_idx" ON "calendar_source_items" USING btree ("created_at");
  CREATE UNIQUE INDEX "source_uid_recurrenceId_idx" ON "calendar_source_items" USING btree ("source_id","uid","recurrence_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_calendar_sources_fk" FOREIGN KEY ("calendar_sources_id") REFERENCES "public"."calendar_sources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_calendar_source_items_fk" FOREIGN KEY ("calendar_source_items_id") REFERENCES "public"."calendar_source_items"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_calendar_sources_id_idx" ON "payload_locked_documents_rels" USING btree ("calendar_sources_id");
  CREATE INDEX "payload_locked_documents_rels_calendar_source_items_id_idx" ON "payload_locked_documents_rels" USING btree ("calendar_source_items_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "calendar_sources" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "calendar_sources_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "calendar_source_items" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "calendar_sources" CASCADE;
  DROP TABLE "calendar_sources_rels" CASCADE;
  DROP TABLE "calendar_source_items" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_calendar_sources_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_calendar_source_items_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'publishScheduledItems', 'extendRecurrences');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'publishScheduledItems', 'extendRecurrences');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_calendar_sources_id_idx";
  DROP INDEX "payload_locked_documents_rels_calendar_source_items_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "calendar_sources_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "calendar_source_items_id";
  DROP TYPE "public"."enum_calendar_sources_schedule";
  DROP TYPE "public"."enum_calendar_sources_conflict_policy";
  DROP TYPE "public"."enum_calendar_sources_event_status";
  DROP TYPE "public"."enum_calendar_sources_last_run_status";`)
}
