CREATE TABLE `calendar_feeds` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_user` ON `calendar_feeds` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token` ON `calendar_feeds` (`token`);