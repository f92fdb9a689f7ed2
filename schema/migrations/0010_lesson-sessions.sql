CREATE TABLE `bookmarks` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`tutor_id` text,
	`student_id` text,
	`subject` text NOT NULL,
	`sub_topic_id` text,
	`sub_topic_name` text,
	`page_no` integer NOT NULL,
	`page_id` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bookmarks_student` ON `bookmarks` (`tenant_id`,`student_id`,`subject`);--> statement-breakpoint
CREATE INDEX `bookmarks_tutor` ON `bookmarks` (`tenant_id`,`tutor_id`,`subject`);--> statement-breakpoint
CREATE TABLE `lesson_sessions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`student_id` text,
	`sub_topic_id` text,
	`questions` text DEFAULT '[]' NOT NULL,
	`ended_at` integer,
	`ended_by` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_sessions_section` ON `lesson_sessions` (`tenant_id`,`section_id`);