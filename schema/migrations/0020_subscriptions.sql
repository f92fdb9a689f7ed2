CREATE TABLE `subscriptions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`payment_session_id` text NOT NULL,
	`payer_id` text NOT NULL,
	`student_id` text NOT NULL,
	`payment_type` text NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`course_id` text,
	`description` text NOT NULL,
	`provider_subscription_id` text NOT NULL,
	`provider_customer_id` text,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`current_period_end` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_session_id`) REFERENCES `payment_sessions`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payer_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_session` ON `subscriptions` (`tenant_id`,`payment_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider` ON `subscriptions` (`tenant_id`,`provider_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_student` ON `subscriptions` (`tenant_id`,`student_id`);--> statement-breakpoint
ALTER TABLE `payment_sessions` ADD `billing_interval` text;--> statement-breakpoint
ALTER TABLE `payment_sessions` ADD `interval_count` integer;