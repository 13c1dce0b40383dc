ALTER TABLE `post_revisions` ADD `feature_image` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `feature_image` text;