CREATE TABLE `lesson_prices` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`side` text NOT NULL,
	`user_id` text NOT NULL,
	`rate_table` text NOT NULL,
	`rate_version_id` text,
	`rate_id` text,
	`amount` integer,
	`currency` text,
	`minutes` integer NOT NULL,
	`explanation` text NOT NULL,
	`priced_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rate_version_id`) REFERENCES `rate_versions`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rate_id`) REFERENCES `rates`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_prices_one_per_side` ON `lesson_prices` (`lesson_id`,`side`,`user_id`);--> statement-breakpoint
CREATE INDEX `lesson_prices_version` ON `lesson_prices` (`tenant_id`,`rate_version_id`);--> statement-breakpoint
CREATE INDEX `lesson_prices_rate` ON `lesson_prices` (`tenant_id`,`rate_id`);