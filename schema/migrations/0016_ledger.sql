CREATE TABLE `cancellation_policies` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`version` integer NOT NULL,
	`rules` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cancellation_policies_version` ON `cancellation_policies` (`tenant_id`,`version`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`job` text NOT NULL,
	`run_key` text NOT NULL,
	`summary` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_runs_key` ON `job_runs` (`tenant_id`,`job`,`run_key`);--> statement-breakpoint
CREATE TABLE `lesson_attendance` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`user_id` text NOT NULL,
	`first_join_at` integer NOT NULL,
	`last_leave_at` integer,
	`seconds_in_room` integer DEFAULT 0 NOT NULL,
	`open_connections` integer DEFAULT 0 NOT NULL,
	`opened_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_attendance_person` ON `lesson_attendance` (`tenant_id`,`section_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `lesson_history` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`event_id` text NOT NULL,
	`section_id` text NOT NULL,
	`course_id` text NOT NULL,
	`student_id` text NOT NULL,
	`tutor_id` text,
	`start` integer NOT NULL,
	`end` integer NOT NULL,
	`duration` integer NOT NULL,
	`lesson_type` text NOT NULL,
	`payment_type` text NOT NULL,
	`billing_kind` text,
	`subject` text NOT NULL,
	`curriculum` text NOT NULL,
	`grade` text NOT NULL,
	`tutor_join_time` integer,
	`tutor_leave_time` integer,
	`tutor_seconds_in_room` integer DEFAULT 0 NOT NULL,
	`student_join_time` integer,
	`student_leave_time` integer,
	`student_seconds_in_room` integer DEFAULT 0 NOT NULL,
	`class_timing_status` text NOT NULL,
	`student_timing_status` text NOT NULL,
	`tutor_rate` integer,
	`tutor_rate_currency` text,
	`rate_version_id` text,
	`rate_explanation` text NOT NULL,
	`tutor_amount` integer,
	`allocated_tutor_amount` integer,
	`tutor_amount_currency` text,
	`tutor_penalty` integer DEFAULT false NOT NULL,
	`tutor_penalty_amount` integer DEFAULT 0 NOT NULL,
	`tutor_penalty_reason` text,
	`lesson_extension` integer DEFAULT 0 NOT NULL,
	`lesson_extension_tutor_amount` integer DEFAULT 0 NOT NULL,
	`class_extension_request_status` text,
	`tutor_payment_status` text DEFAULT 'PROCESSING' NOT NULL,
	`is_trial_converted` integer DEFAULT false NOT NULL,
	`trial_conversion_status` text,
	`concern_status` text,
	`concern_note` text,
	`concern_decision` text,
	`concern_response` text,
	`admin_notes` text DEFAULT '[]' NOT NULL,
	`pay_run_id` text,
	`closed_by` text NOT NULL,
	`closed_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_history_lesson_student` ON `lesson_history` (`tenant_id`,`section_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `lesson_history_start` ON `lesson_history` (`tenant_id`,`start`);--> statement-breakpoint
CREATE INDEX `lesson_history_tutor` ON `lesson_history` (`tenant_id`,`tutor_id`,`start`);--> statement-breakpoint
CREATE INDEX `lesson_history_student` ON `lesson_history` (`tenant_id`,`student_id`,`start`);--> statement-breakpoint
CREATE INDEX `lesson_history_event` ON `lesson_history` (`tenant_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `meeting_requests` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`course_id` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`requested_by` text NOT NULL,
	`requested_by_role` text NOT NULL,
	`start` integer NOT NULL,
	`new_start` integer,
	`tutor_ids` text NOT NULL,
	`student_ids` text NOT NULL,
	`reason` text NOT NULL,
	`policy_version` integer NOT NULL,
	`penalty` integer DEFAULT false NOT NULL,
	`penalty_amount` integer DEFAULT 0 NOT NULL,
	`penalty_reason` text,
	`chargeable` integer DEFAULT false NOT NULL,
	`tutor_amount_currency` text,
	`tutor_amount` integer,
	`tutor_payment_status` text DEFAULT 'PROCESSING' NOT NULL,
	`responded_by` text,
	`responded_at` integer,
	`response_note` text,
	`admin_notes` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `meeting_requests_status` ON `meeting_requests` (`tenant_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `meeting_requests_section` ON `meeting_requests` (`tenant_id`,`section_id`);--> statement-breakpoint
CREATE INDEX `meeting_requests_requester` ON `meeting_requests` (`tenant_id`,`requested_by`);--> statement-breakpoint
CREATE TABLE `pay_runs` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`totals` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pay_runs_created` ON `pay_runs` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `penalty_waivers` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`tutor_id` text NOT NULL,
	`course_id` text,
	`lesson_history_id` text,
	`meeting_request_id` text,
	`student_ids` text DEFAULT '[]' NOT NULL,
	`start_date` integer,
	`end_date` integer,
	`lesson_type` text,
	`payment_type` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`type` text NOT NULL,
	`manual` integer DEFAULT false NOT NULL,
	`category` text,
	`note` text DEFAULT '' NOT NULL,
	`payment_status` text DEFAULT 'PROCESSING' NOT NULL,
	`appeal_status` text,
	`appeal_tutor_note` text,
	`appeal_admin_note` text,
	`appeal_responded_by` text,
	`pay_run_id` text,
	`created_by` text NOT NULL,
	`admin_notes` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tutor_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `penalty_waivers_tutor` ON `penalty_waivers` (`tenant_id`,`tutor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `penalty_waivers_created` ON `penalty_waivers` (`tenant_id`,`created_at`);