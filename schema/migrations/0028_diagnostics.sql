CREATE TABLE `callback_requests` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`diagnostic_id` text NOT NULL,
	`requested_by` text NOT NULL,
	`share_id` text,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`diagnostic_id`) REFERENCES `diagnostics`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`share_id`) REFERENCES `diagnostic_shares`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `callback_requests_diagnostic` ON `callback_requests` (`tenant_id`,`diagnostic_id`);--> statement-breakpoint
CREATE INDEX `callback_requests_created` ON `callback_requests` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `diagnostic_shares` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`diagnostic_id` text NOT NULL,
	`shared_by` text NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`diagnostic_id`) REFERENCES `diagnostics`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shared_by`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `diagnostic_shares_diagnostic` ON `diagnostic_shares` (`tenant_id`,`diagnostic_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `diagnostic_shares_token` ON `diagnostic_shares` (`token_hash`);--> statement-breakpoint
CREATE TABLE `diagnostic_tests` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`curriculum` text NOT NULL,
	`subject` text NOT NULL,
	`grade` text NOT NULL,
	`question_ids` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `diagnostic_tests_subject` ON `diagnostic_tests` (`tenant_id`,`subject`,`grade`);--> statement-breakpoint
CREATE TABLE `diagnostics` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`test_id` text NOT NULL,
	`curriculum` text NOT NULL,
	`subject` text NOT NULL,
	`grade` text NOT NULL,
	`score` real NOT NULL,
	`max_score` real NOT NULL,
	`answers` text NOT NULL,
	`topics` text NOT NULL,
	`recommendation` text NOT NULL,
	`helper_text` text NOT NULL,
	`helper_source` text NOT NULL,
	`helper_version` text NOT NULL,
	`lead_name` text,
	`lead_email` text,
	`lead_phone` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`test_id`) REFERENCES `diagnostic_tests`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `diagnostics_user` ON `diagnostics` (`tenant_id`,`user_id`,`subject`,`grade`);