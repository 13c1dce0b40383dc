CREATE TABLE `message_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`retention_days` integer DEFAULT 365 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);--> statement-breakpoint
CREATE TABLE `reader_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`topic` text,
	`urgency` text,
	`name` text,
	`email` text,
	`contact_info` text,
	`anonymous` integer DEFAULT false NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`source` text,
	`article_url` text,
	`post_slug` text,
	`post_id` integer,
	`status` text DEFAULT 'new' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reader_messages_created_idx` ON `reader_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `reader_messages_status_idx` ON `reader_messages` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `reader_messages_type_idx` ON `reader_messages` (`type`,`id`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `group_key` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_type_idx` ON `notifications` (`type`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_group_idx` ON `notifications` (`group_key`);