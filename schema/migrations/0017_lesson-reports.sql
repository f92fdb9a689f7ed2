CREATE TABLE `lesson_reports` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`student_id` text NOT NULL,
	`tutor_id` text NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`covered` text DEFAULT '[]' NOT NULL,
	`bookmarked_pages` text DEFAULT '[]' NOT NULL,
	`board_pages` integer DEFAULT 0 NOT NULL,
	`minutes_in_room` integer DEFAULT 0 NOT NULL,
	`homework` text DEFAULT '[]' NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_reports_lesson_student` ON `lesson_reports` (`tenant_id`,`section_id`,`student_id`);--> statement-breakpoint
ALTER TABLE `sections` ADD `missed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `meeting_requests_start` ON `meeting_requests` (`tenant_id`,`start`);