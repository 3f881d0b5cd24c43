import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum__events_v_version_cost_details_currency_position" AS ENUM('prefix', 'postfix');
  CREATE TYPE "public"."enum__events_v_version_status" AS ENUM('draft', 'pending', 'future', 'publish', 'private', 'trash');
  CREATE TYPE "public"."enum__events_v_version_status_before_trash" AS ENUM('draft', 'pending', 'future', 'publish', 'private');
  CREATE TYPE "public"."enum__venues_v_version_status" AS ENUM('draft', 'pending', 'future', 'publish', 'private', 'trash');
  CREATE TYPE "public"."enum__venues_v_version_status_before_trash" AS ENUM('draft', 'pending', 'future', 'publish', 'private');
  CREATE TYPE "public"."enum__organizers_v_version_status" AS ENUM('draft', 'pending', 'future', 'publish', 'private', 'trash');
  CREATE TYPE "public"."enum__organizers_v_version_status_before_trash" AS ENUM('draft', 'pending', 'future', 'publish', 'private');
  CREATE TABLE "_events_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_start_date" timestamp(3) with time zone NOT NULL,
  	"version_end_date" timestamp(3) with time zone NOT NULL,
  	"version_timezone" varchar NOT NULL,
  	"version_all_day" boolean DEFAULT false,
  	"version_start_local" varchar,
  	"version_end_local" varchar,
  	"version_recurrence_rule" varchar,
  	"version_series_root" numeric,
  	"version_materialized_until" timestamp(3) with time zone,
  	"version_venue_id" integer,
  	"version_cost" varchar,
  	"version_website" varchar,
  	"version_cost_details_currency_symbol" varchar,
  	"version_cost_details_currency_code" varchar,
  	"version_cost_details_currency_position" "enum__events_v_version_cost_details_currency_position",
  	"version_image_id" integer,
  	"version_featured" boolean DEFAULT false,
  	"version_sticky" boolean DEFAULT false,
  	"version_hide_from_listings" boolean DEFAULT false,
  	"version_show_map" boolean DEFAULT false,
  	"version_show_map_link" boolean DEFAULT false,
  	"version_post_date" timestamp(3) with time zone,
  	"version_slug" varchar,
  	"version_status" "enum__events_v_version_status" DEFAULT 'draft' NOT NULL,
  	"version_published_at" timestamp(3) with time zone,
  	"version_author_id" integer,
  	"version_password" varchar,
  	"version_status_before_trash" "enum__events_v_version_status_before_trash",
  	"version_slug_typed" boolean,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_events_v_locales" (
  	"version_title" varchar NOT NULL,
  	"version_description" jsonb,
  	"version_excerpt" varchar,
  	"version_description_html" varchar,
  	"version_summary_text" varchar,
  	"version_description_text" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_events_v_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "_events_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"organizers_id" integer,
  	"event_categories_id" integer,
  	"event_tags_id" integer
  );
  
  CREATE TABLE "_venues_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_address" varchar,
  	"version_city" varchar,
  	"version_zip" varchar,
  	"version_state_province" varchar,
  	"version_country" varchar,
  	"version_state" varchar,
  	"version_province" varchar,
  	"version_latitude" numeric,
  	"version_longitude" numeric,
  	"version_phone" varchar,
  	"version_website" varchar,
  	"version_show_map" boolean DEFAULT true,
  	"version_show_map_link" boolean DEFAULT true,
  	"version_image_id" integer,
  	"version_post_date" timestamp(3) with time zone,
  	"version_slug" varchar,
  	"version_status" "enum__venues_v_version_status" NOT NULL,
  	"version_published_at" timestamp(3) with time zone,
  	"version_author_id" integer,
  	"version_password" varchar,
  	"version_status_before_trash" "enum__venues_v_version_status_before_trash",
  	"version_slug_typed" boolean,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_venues_v_locales" (
  	"version_name" varchar NOT NULL,
  	"version_description" jsonb,
  	"version_description_html" varchar,
  	"version_excerpt" varchar,
  	"version_description_text" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_venues_v_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "_organizers_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_phone" varchar,
  	"version_email" varchar,
  	"version_website" varchar,
  	"version_image_id" integer,
  	"version_post_date" timestamp(3) with time zone,
  	"version_slug" varchar,
  	"version_status" "enum__organizers_v_version_status" NOT NULL,
  	"version_published_at" timestamp(3) with time zone,
  	"version_author_id" integer,
  	"version_password" varchar,
  	"version_status_before_trash" "enum__organizers_v_version_status_before_trash",
  	"version_slug_typed" boolean,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_organizers_v_locales" (
  	"version_name" varchar NOT NULL,
  	"version_description" jsonb,
  	"version_description_html" varchar,
  	"version_excerpt" varchar,
  	"version_description_text" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_organizers_v_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_parent_id_events_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_venue_id_venues_id_fk" FOREIGN KEY ("version_venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v_locales" ADD CONSTRAINT "_events_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_events_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_texts" ADD CONSTRAINT "_events_v_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_events_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_events_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_organizers_fk" FOREIGN KEY ("organizers_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_event_categories_fk" FOREIGN KEY ("event_categories_id") REFERENCES "public"."event_categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_event_tags_fk" FOREIGN KEY ("event_tags_id") REFERENCES "public"."event_tags"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_venues_v" ADD CONSTRAINT "_venues_v_parent_id_venues_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_venues_v" ADD CONSTRAINT "_venues_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_venues_v" ADD CONSTRAINT "_venues_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_venues_v_locales" ADD CONSTRAINT "_venues_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_venues_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_venues_v_texts" ADD CONSTRAINT "_venues_v_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_venues_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_organizers_v" ADD CONSTRAINT "_organizers_v_parent_id_organizers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organizers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_organizers_v" ADD CONSTRAINT "_organizers_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_organizers_v" ADD CONSTRAINT "_organizers_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_organizers_v_locales" ADD CONSTRAINT "_organizers_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_organizers_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_organizers_v_texts" ADD CONSTRAINT "_organizers_v_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_organizers_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "_events_v_parent_idx" ON "_events_v" USING btree ("parent_id");
  CREATE INDEX "_events_v_version_version_start_date_idx" ON "_events_v" USING btree ("version_start_date");
  CREATE INDEX "_events_v_version_version_end_date_idx" ON "_events_v" USING btree ("version_end_date");
  CREATE INDEX "_events_v_version_version_series_root_idx" ON "_events_v" USING btree ("version_series_root");
  CREATE INDEX "_events_v_version_version_venue_idx" ON "_events_v" USING btree ("version_venue_id");
  CREATE INDEX "_events_v_version_version_image_idx" ON "_events_v" USING btree ("version_image_id");
  CREATE INDEX "_events_v_version_version_featured_idx" ON "_events_v" USING btree ("version_featured");
  CREATE INDEX "_events_v_version_version_slug_idx" ON "_events_v" USING btree ("version_slug");
  CREATE INDEX "_events_v_version_version_status_idx" ON "_events_v" USING btree ("version_status");
  CREATE INDEX "_events_v_version_version_published_at_idx" ON "_events_v" USING btree ("version_published_at");
  CREATE INDEX "_events_v_version_version_author_idx" ON "_events_v" USING btree ("version_author_id");
  CREATE INDEX "_events_v_version_version_updated_at_idx" ON "_events_v" USING btree ("version_updated_at");
  CREATE INDEX "_events_v_version_version_created_at_idx" ON "_events_v" USING btree ("version_created_at");
  CREATE INDEX "_events_v_created_at_idx" ON "_events_v" USING btree ("created_at");
  CREATE INDEX "_events_v_updated_at_idx" ON "_events_v" USING btree ("updated_at");
  CREATE INDEX "version_startLocal_version_postDate_idx" ON "_events_v" USING btree ("version_start_local","version_post_date");
  CREATE INDEX "version_endLocal_idx" ON "_events_v" USING btree ("version_end_local");
  CREATE INDEX "compound_index_idx" ON "_events_v" USING btree ("version_status","version_start_local","version_end_local","version_hide_from_listings");
  CREATE UNIQUE INDEX "_events_v_locales_locale_parent_id_unique" ON "_events_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_events_v_texts_order_parent" ON "_events_v_texts" USING btree ("order","parent_id");
  CREATE INDEX "_events_v_rels_order_idx" ON "_events_v_rels" USING btree ("order");
  CREATE INDEX "_events_v_rels_parent_idx" ON "_events_v_rels" USING btree ("parent_id");
  CREATE INDEX "_events_v_rels_path_idx" ON "_events_v_rels" USING btree ("path");
  CREATE INDEX "_events_v_rels_organizers_id_idx" ON "_events_v_rels" USING btree ("organizers_id");
  CREATE INDEX "_events_v_rels_event_categories_id_idx" ON "_events_v_rels" USING btree ("event_categories_id");
  CREATE INDEX "_events_v_rels_event_tags_id_idx" ON "_events_v_rels" USING btree ("event_tags_id");
  CREATE INDEX "_venues_v_parent_idx" ON "_venues_v" USING btree ("parent_id");
  CREATE INDEX "_venues_v_version_version_latitude_idx" ON "_venues_v" USING btree ("version_latitude");
  CREATE INDEX "_venues_v_version_version_longitude_idx" ON "_venues_v" USING btree ("version_longitude");
  CREATE INDEX "_venues_v_version_version_image_idx" ON "_venues_v" USING btree ("version_image_id");
  CREATE INDEX "_venues_v_version_version_slug_idx" ON "_venues_v" USING btree ("version_slug");
  CREATE INDEX "_venues_v_version_version_status_idx" ON "_venues_v" USING btree ("version_status");
  CREATE INDEX "_venues_v_version_version_published_at_idx" ON "_venues_v" USING btree ("version_published_at");
  CREATE INDEX "_venues_v_version_version_author_idx" ON "_venues_v" USING btree ("version_author_id");
  CREATE INDEX "_venues_v_version_version_updated_at_idx" ON "_venues_v" USING btree ("version_updated_at");
  CREATE INDEX "_venues_v_version_version_created_at_idx" ON "_venues_v" USING btree ("version_created_at");
  CREATE INDEX "_venues_v_created_at_idx" ON "_venues_v" USING btree ("created_at");
  CREATE INDEX "_venues_v_updated_at_idx" ON "_venues_v" USING btree ("updated_at");
  CREATE INDEX "version_postDate_idx" ON "_venues_v" USING btree ("version_post_date");
  CREATE UNIQUE INDEX "_venues_v_locales_locale_parent_id_unique" ON "_venues_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_venues_v_texts_order_parent" ON "_venues_v_texts" USING btree ("order","parent_id");
  CREATE INDEX "_organizers_v_parent_idx" ON "_organizers_v" USING btree ("parent_id");
  CREATE INDEX "_organizers_v_version_version_image_idx" ON "_organizers_v" USING btree ("version_image_id");
  CREATE INDEX "_organizers_v_version_version_slug_idx" ON "_organizers_v" USING btree ("version_slug");
  CREATE INDEX "_organizers_v_version_version_status_idx" ON "_organizers_v" USING btree ("version_status");
  CREATE INDEX "_organizers_v_version_version_published_at_idx" ON "_organizers_v" USING btree ("version_published_at");
  CREATE INDEX "_organizers_v_version_version_author_idx" ON "_organizers_v" USING btree ("version_author_id");
  CREATE INDEX "_organizers_v_version_version_updated_at_idx" ON "_organizers_v" USING btree ("version_updated_at");
  CREATE INDEX "_organizers_v_version_version_created_at_idx" ON "_organizers_v" USING btree ("version_created_at");
  CREATE INDEX "_organizers_v_created_at_idx" ON "_organizers_v" USING btree ("created_at");
  CREATE INDEX "_organizers_v_updated_at_idx" ON "_organizers_v" USING btree ("updated_at");
  CREATE INDEX "version_postDate_1_idx" ON "_organizers_v" USING btree ("version_post_date");
  CREATE UNIQUE INDEX "_organizers_v_locales_locale_parent_id_unique" ON "_organizers_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_organizers_v_texts_order_parent" ON "_organizers_v_texts" USING btree ("order","parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "_events_v" CASCADE;
  DROP TABLE "_events_v_locales" CASCADE;
  DROP TABLE "_events_v_texts" CASCADE;
  DROP TABLE "_events_v_rels" CASCADE;
  DROP TABLE "_venues_v" CASCADE;
  DROP TABLE "_venues_v_locales" CASCADE;
  DROP TABLE "_venues_v_texts" CASCADE;
  DROP TABLE "_organizers_v" CASCADE;
  DROP TABLE "_organizers_v_locales" CASCADE;
  DROP TABLE "_organizers_v_texts" CASCADE;
  DROP TYPE "public"."enum__events_v_version_cost_details_currency_position";
  DROP TYPE "public"."enum__events_v_version_status";
  DROP TYPE "public"."enum__events_v_version_status_before_trash";
  DROP TYPE "public"."enum__venues_v_version_status";
  DROP TYPE "public"."enum__venues_v_version_status_before_trash";
  DROP TYPE "public"."enum__organizers_v_version_status";
  DROP TYPE "public"."enum__organizers_v_version_status_before_trash";`)
}
