CREATE TABLE `automation_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`trigger` text NOT NULL,
	`slot_date` text,
	`status` text NOT NULL,
	`topic_id` integer,
	`post_id` integer,
	`provider` text,
	`error` text,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `automation_runs_slot_idx` ON `automation_runs` (`slot_date`,`kind`) WHERE slot_date IS NOT NULL;--> statement-breakpoint
CREATE INDEX `automation_runs_status_idx` ON `automation_runs` (`status`,`finished_at`);--> statement-breakpoint
CREATE TABLE `automation_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `automation_topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`category` text NOT NULL,
	`topic` text NOT NULL,
	`persona_id` text,
	`source` text NOT NULL,
	`reserved_by` integer,
	`reserved_until` integer,
	`used_at` integer,
	`post_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `automation_topics_queue_idx` ON `automation_topics` (`kind`,`used_at`,`category`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `automation_topics_text_idx` ON `automation_topics` (`kind`,`topic`);