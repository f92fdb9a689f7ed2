CREATE TABLE `credit_entries` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`student_id` text NOT NULL,
	`course_id` text,
	`kind` text NOT NULL,
	`minutes` integer NOT NULL,
	`amount` integer,
	`currency` text,
	`source_id` text NOT NULL,
	`expires_at` integer,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_entries_source` ON `credit_entries` (`tenant_id`,`kind`,`source_id`);--> statement-breakpoint
CREATE INDEX `credit_entries_student` ON `credit_entries` (`tenant_id`,`student_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_history` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`payment_session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`student_id` text NOT NULL,
	`payment_type` text NOT NULL,
	`description` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`provider_payment_id` text,
	`paid_at` integer NOT NULL,
	`admin_notes` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_session_id`) REFERENCES `payment_sessions`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_history_session` ON `payment_history` (`tenant_id`,`payment_session_id`);--> statement-breakpoint
CREATE INDEX `payment_history_user` ON `payment_history` (`tenant_id`,`user_id`,`paid_at`);--> statement-breakpoint
CREATE TABLE `payment_sessions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`payer_id` text NOT NULL,
	`student_id` text NOT NULL,
	`payment_type` text NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`description` text NOT NULL,
	`course_id` text,
	`minutes` integer DEFAULT 0 NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`credit_expires_at` integer,
	`provider` text NOT NULL,
	`provider_session_id` text NOT NULL,
	`provider_payment_id` text,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`success_url` text NOT NULL,
	`cancel_url` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payer_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_sessions_provider_id` ON `payment_sessions` (`tenant_id`,`provider_session_id`);--> statement-breakpoint
CREATE INDEX `payment_sessions_payer` ON `payment_sessions` (`tenant_id`,`payer_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`outcome` text NOT NULL,
	`payment_session_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stripe_events_event` ON `stripe_events` (`tenant_id`,`event_id`);