CREATE TABLE `course_permission_templates` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`permissions` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `course_pricing_templates` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`duration` integer NOT NULL,
	`duration_unit` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `course_students` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`course_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'ENROLLED' NOT NULL,
	`payment_type` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_students_unique` ON `course_students` (`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `course_students_user` ON `course_students` (`user_id`);--> statement-breakpoint
CREATE TABLE `course_templates` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`course_id` text,
	`curriculum` text NOT NULL,
	`subject` text NOT NULL,
	`grade` text NOT NULL,
	`kind` text NOT NULL,
	`sections` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `course_templates_tenant` ON `course_templates` (`tenant_id`,`curriculum`,`subject`,`grade`);--> statement-breakpoint
CREATE TABLE `course_tutors` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`course_id` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'ENABLE' NOT NULL,
	`tutor_role_id` text NOT NULL,
	`group_class_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_tutors_unique` ON `course_tutors` (`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `course_tutors_user` ON `course_tutors` (`user_id`);--> statement-breakpoint
CREATE TABLE `courses` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`is_one_to_one` integer NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`payment_type` text NOT NULL,
	`curriculum` text NOT NULL,
	`subject` text NOT NULL,
	`grade` text NOT NULL,
	`group_class_id` text,
	`permission_template_id` text,
	`pricing_template_id` text,
	`created_by` text NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `courses_tenant_status` ON `courses` (`tenant_id`,`status`);--> statement-breakpoint
CREATE TABLE `lesson_series` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`course_id` text NOT NULL,
	`timezone` text NOT NULL,
	`first_start` integer NOT NULL,
	`occurrences` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `section_attendees` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `section_attendees_unique` ON `section_attendees` (`section_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `section_attendees_user` ON `section_attendees` (`user_id`);--> statement-breakpoint
CREATE TABLE `sections` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`course_id` text NOT NULL,
	`parent_id` text,
	`sorting_key` real NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`start` integer,
	`duration` integer,
	`lesson_kind` text,
	`billing_kind` text,
	`join_url` text,
	`series_id` text,
	`cancel_reason` text,
	`file_key` text,
	`file_name` text,
	`file_size` integer,
	`content_type` text,
	`link` text,
	`due_at` integer,
	`created_by` text NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sections_course_parent` ON `sections` (`course_id`,`parent_id`,`sorting_key`);--> statement-breakpoint
CREATE INDEX `sections_tenant_start` ON `sections` (`tenant_id`,`start`);