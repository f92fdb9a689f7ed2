CREATE TABLE `notification_preferences` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`preferences` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_preferences_user` ON `notification_preferences` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`link` text,
	`shown` integer DEFAULT true NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_once` ON `notifications` (`tenant_id`,`user_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_list` ON `notifications` (`tenant_id`,`user_id`,`shown`,`created_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attachments` text DEFAULT '[]' NOT NULL;