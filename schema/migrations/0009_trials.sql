CREATE TABLE `trials` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`curriculum` text NOT NULL,
	`subject` text NOT NULL,
	`grade` text NOT NULL,
	`student_id` text NOT NULL,
	`tutor_id` text NOT NULL,
	`course_id` text NOT NULL,
	`section_id` text NOT NULL,
	`start` integer NOT NULL,
	`end` integer NOT NULL,
	`status` text DEFAULT 'SCHEDULED' NOT NULL,
	`outcome` text,
	`notes` text DEFAULT '' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `trials_tenant_start` ON `trials` (`tenant_id`,`start`);--> statement-breakpoint
CREATE INDEX `trials_student` ON `trials` (`student_id`);--> statement-breakpoint
CREATE INDEX `trials_tutor` ON `trials` (`tutor_id`);