CREATE TABLE `availability_items` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'ENABLE' NOT NULL,
	`start_date` text,
	`end_date` text,
	`timezone` text NOT NULL,
	`weekly` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `availability_items_user` ON `availability_items` (`user_id`);--> statement-breakpoint
CREATE TABLE `booking_settings` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text,
	`rules` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_settings_owner` ON `booking_settings` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `time_off` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`start` integer NOT NULL,
	`end` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `time_off_user_start` ON `time_off` (`user_id`,`start`);--> statement-breakpoint
CREATE TABLE `tutor_sortings` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`curriculum` text NOT NULL,
	`subject` text NOT NULL,
	`grade` text NOT NULL,
	`tutor_ids` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tutor_sortings_key` ON `tutor_sortings` (`tenant_id`,`curriculum`,`subject`,`grade`);