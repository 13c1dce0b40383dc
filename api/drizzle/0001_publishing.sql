CREATE TABLE `site_builds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target` text NOT NULL,
	`kind` text NOT NULL,
	`state` text NOT NULL,
	`reason` text NOT NULL,
	`from_change` integer DEFAULT 0 NOT NULL,
	`to_change` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`requested_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`written` integer DEFAULT 0 NOT NULL,
	`removed` integer DEFAULT 0 NOT NULL,
	`live_ms` integer,
	`error` text,
	`post_errors` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_builds_target_state_idx` ON `site_builds` (`target`,`state`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_builds_one_queued_idx` ON `site_builds` (`target`,`kind`) WHERE state = 'queued';--> statement-breakpoint
CREATE TABLE `change_consumers` (
	`name` text PRIMARY KEY NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `post_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`old_slug` text,
	`new_slug` text,
	`old_category` text,
	`new_category` text,
	`fields` text DEFAULT '[]' NOT NULL,
	`via` text DEFAULT 'editor' NOT NULL,
	`created_at` integer NOT NULL,
	`live_at` integer,
	`error` text,
	`late_notified_at` integer
);
--> statement-breakpoint
CREATE INDEX `post_changes_post_idx` ON `post_changes` (`post_id`,`id`);--> statement-breakpoint
CREATE TABLE `site_targets` (
	`target` text PRIMARY KEY NOT NULL,
	`built_through` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
DROP TABLE `builds`;--> statement-breakpoint
ALTER TABLE `posts` ADD `html` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `search_text` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `render_error` text;