CREATE TABLE `issue_reports` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`quiz_id` text NOT NULL,
	`question_id` text,
	`message` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `issue_reports_quiz` ON `issue_reports` (`tenant_id`,`quiz_id`);--> statement-breakpoint
CREATE TABLE `quiz_trials` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quiz_trials_user` ON `quiz_trials` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `submission_answers` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`question_id` text NOT NULL,
	`position` integer NOT NULL,
	`status` text DEFAULT 'UNANSWERED' NOT NULL,
	`option_id` text,
	`answer` text,
	`answered_at` integer,
	`timer_start` integer,
	`timer_end` integer,
	`hint_shown` integer DEFAULT false NOT NULL,
	`hint_text` text,
	`hint_source` text,
	`answer_shown` integer DEFAULT false NOT NULL,
	`score` real,
	`reasons` text DEFAULT '[]' NOT NULL,
	`rubric` text DEFAULT '[]' NOT NULL,
	`helper_version` text,
	`helper_source` text,
	`mark_source` text,
	`override_reason` text,
	`overridden_by` text,
	`open_ai_feedback` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`overridden_by`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `submission_answers_question` ON `submission_answers` (`submission_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `submissions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`quiz_id` text NOT NULL,
	`sub_topic_id` text,
	`status` text DEFAULT 'IN_PROGRESS' NOT NULL,
	`is_timer_enabled` integer DEFAULT false NOT NULL,
	`countdown_seconds` integer,
	`timer_start` integer,
	`timer_end` integer,
	`score` real,
	`max_score` real,
	`ai_feedback` text,
	`ai_feedback_source` text,
	`ai_feedback_version` text,
	`is_trial` integer DEFAULT false NOT NULL,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sub_topic_id`) REFERENCES `sub_topics`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `submissions_user_quiz` ON `submissions` (`tenant_id`,`user_id`,`quiz_id`);--> statement-breakpoint
CREATE TABLE `usage_counters` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`period` text NOT NULL,
	`slide_views` integer DEFAULT 0 NOT NULL,
	`quiz_attempts` integer DEFAULT 0 NOT NULL,
	`video_watches` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `usage_counters_user_period` ON `usage_counters` (`tenant_id`,`user_id`,`period`);