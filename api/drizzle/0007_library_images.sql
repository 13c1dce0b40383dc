CREATE TABLE `post_media` (
	`post_id` integer NOT NULL,
	`media_id` integer NOT NULL,
	PRIMARY KEY(`post_id`, `media_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `post_media_media_idx` ON `post_media` (`media_id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `images_without_alt` text DEFAULT '[]' NOT NULL;