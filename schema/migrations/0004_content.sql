CREATE TABLE `questions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`sub_topic_id` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`correct_option_id` text,
	`answer` text DEFAULT '' NOT NULL,
	`explanation` text DEFAULT '' NOT NULL,
	`hint` text DEFAULT '' NOT NULL,
	`mark_scheme` text DEFAULT '[]' NOT NULL,
	`max_marks` integer DEFAULT 1 NOT NULL,
	`difficulty` text NOT NULL,
	`level` integer NOT NULL,
	`is_approved` integer DEFAULT false NOT NULL,
	`approved_by` text,
	`created_by` text,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`sub_topic_id`) REFERENCES `sub_topics`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `questions_sub_topic` ON `questions` (`tenant_id`,`sub_topic_id`);--> statement-breakpoint
CREATE TABLE `quizzes` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`topic_id` text NOT NULL,
	`sub_topic_id` text,
	`title` text NOT NULL,
	`paper` text,
	`curriculum` text NOT NULL,
	`subject` text NOT NULL,
	`grade` text NOT NULL,
	`subject_level` text,
	`subject_code` text,
	`question_ids` text DEFAULT '[]' NOT NULL,
	`time_limit_seconds` integer,
	`is_published` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sub_topic_id`) REFERENCES `sub_topics`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `quizzes_topic` ON `quizzes` (`tenant_id`,`topic_id`);--> statement-breakpoint
CREATE INDEX `quizzes_filters` ON `quizzes` (`tenant_id`,`curriculum`,`subject`,`grade`);--> statement-breakpoint
CREATE TABLE `sub_topics` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`topic_id` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`sorting_order` integer DEFAULT 0 NOT NULL,
	`resources` text DEFAULT '[]' NOT NULL,
	`video_links` text DEFAULT '[]' NOT NULL,
	`contents` text DEFAULT '[]' NOT NULL,
	`faqs` text DEFAULT '[]' NOT NULL,
	`reviews` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sub_topics_topic_slug` ON `sub_topics` (`topic_id`,`slug`);--> statement-breakpoint
CREATE TABLE `topics` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`grade_id` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sorting_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`grade_id`) REFERENCES `grades`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `topics_grade_slug` ON `topics` (`grade_id`,`slug`);--> statement-breakpoint
CREATE INDEX `topics_subject` ON `topics` (`tenant_id`,`subject_id`);