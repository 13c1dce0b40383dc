CREATE TABLE `corrections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`wrong` text NOT NULL,
	`right` text NOT NULL,
	`corrected_at` integer NOT NULL,
	`recorded_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `corrections_post_idx` ON `corrections` (`post_id`);--> statement-breakpoint
CREATE INDEX `corrections_corrected_idx` ON `corrections` (`corrected_at`);--> statement-breakpoint
CREATE TABLE `post_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`changed` text DEFAULT '[]' NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`content` text NOT NULL,
	`category` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`author_name` text NOT NULL,
	`read_time` integer NOT NULL,
	`published` integer NOT NULL,
	`seo_title` text,
	`meta_description` text,
	`focus_keyword` text,
	`provenance` text NOT NULL,
	`saved_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_revisions_post_idx` ON `post_revisions` (`post_id`,`id`);--> statement-breakpoint
CREATE TABLE `preview_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`last_used_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_links_token_hash_unique` ON `preview_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `preview_links_post_idx` ON `preview_links` (`post_id`);--> statement-breakpoint
CREATE TABLE `working_copies` (
	`key` text PRIMARY KEY NOT NULL,
	`post_id` integer,
	`fields` text NOT NULL,
	`base_version` integer DEFAULT 0 NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`saved_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `posts` ADD `provenance` text DEFAULT 'human' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `edited_by` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE `posts` SET `provenance` = 'ai-generated' WHERE `ai_generated` = 1;
