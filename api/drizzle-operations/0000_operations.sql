CREATE TABLE `health_samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service` text NOT NULL,
	`status` text NOT NULL,
	`response_ms` real NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `health_samples_service_at_idx` ON `health_samples` (`service`,`at`);--> statement-breakpoint
CREATE INDEX `health_samples_at_idx` ON `health_samples` (`at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`action_url` text,
	`action_text` text,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `post_referrers_daily` (
	`post_id` integer NOT NULL,
	`day` text NOT NULL,
	`host` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`post_id`, `day`, `host`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_referrers_day_idx` ON `post_referrers_daily` (`day`);--> statement-breakpoint
CREATE TABLE `post_stats_daily` (
	`post_id` integer NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`leaves` integer DEFAULT 0 NOT NULL,
	`completion_sum` integer DEFAULT 0 NOT NULL,
	`engaged` integer DEFAULT 0 NOT NULL,
	`bounces` integer DEFAULT 0 NOT NULL,
	`seconds_sum` integer DEFAULT 0 NOT NULL,
	`shares` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`post_id`, `day`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_stats_day_idx` ON `post_stats_daily` (`day`);--> statement-breakpoint
CREATE TABLE `workflow_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workflow_id` integer NOT NULL,
	`trigger` text NOT NULL,
	`occurrence` text,
	`context` text NOT NULL,
	`status` text NOT NULL,
	`steps` text DEFAULT '[]' NOT NULL,
	`error` text,
	`claim_token` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workflow_runs_workflow_idx` ON `workflow_runs` (`workflow_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `workflow_runs_occurrence_idx` ON `workflow_runs` (`workflow_id`,`occurrence`);--> statement-breakpoint
CREATE TABLE `workflows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`trigger` text NOT NULL,
	`event` text,
	`actions` text DEFAULT '[]' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`schedule_config` text,
	`status` text DEFAULT 'idle' NOT NULL,
	`execution_count` integer DEFAULT 0 NOT NULL,
	`last_run` integer,
	`next_run` integer,
	`claim_token` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `workflows_due_idx` ON `workflows` (`trigger`,`enabled`,`next_run`);