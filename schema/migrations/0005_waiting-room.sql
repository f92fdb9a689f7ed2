CREATE TABLE `call_logs` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`course_id` text NOT NULL,
	`tutor_id` text,
	`student_ids` text NOT NULL,
	`waiting_user_ids` text NOT NULL,
	`notified_user_ids` text NOT NULL,
	`lesson_start` integer NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`tutor_joined_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `call_logs_tenant_start` ON `call_logs` (`tenant_id`,`lesson_start`);--> statement-breakpoint
CREATE INDEX `call_logs_section` ON `call_logs` (`section_id`);