CREATE TABLE `homework_submissions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`course_id` text NOT NULL,
	`student_id` text NOT NULL,
	`status` text DEFAULT 'HANDED_IN' NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`files` text DEFAULT '[]' NOT NULL,
	`handed_in_at` integer NOT NULL,
	`mark` integer,
	`out_of` integer,
	`feedback` text,
	`marked_by` text,
	`marked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `homework_submissions_student` ON `homework_submissions` (`tenant_id`,`section_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `homework_submissions_course` ON `homework_submissions` (`tenant_id`,`course_id`);--> statement-breakpoint
CREATE TABLE `lesson_feedbacks` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`course_id` text NOT NULL,
	`author` text NOT NULL,
	`tutor_id` text NOT NULL,
	`student_id` text NOT NULL,
	`stars` integer NOT NULL,
	`rewards` text DEFAULT '[]' NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_feedbacks_one` ON `lesson_feedbacks` (`tenant_id`,`section_id`,`author`,`tutor_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `lesson_feedbacks_student` ON `lesson_feedbacks` (`tenant_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `lesson_feedbacks_tutor` ON `lesson_feedbacks` (`tenant_id`,`tutor_id`);