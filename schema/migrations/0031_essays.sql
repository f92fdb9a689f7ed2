CREATE TABLE `essay_questions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`sub_topic_id` text NOT NULL,
	`stem` text NOT NULL,
	`sub_questions` text NOT NULL,
	`total_marks` integer NOT NULL,
	`origin` text DEFAULT 'ADMIN' NOT NULL,
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
CREATE INDEX `essay_questions_sub_topic` ON `essay_questions` (`tenant_id`,`sub_topic_id`);--> statement-breakpoint
CREATE TABLE `essay_responses` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`essay_question_id` text NOT NULL,
	`user_id` text NOT NULL,
	`stem` text NOT NULL,
	`sub_questions` text NOT NULL,
	`answers` text NOT NULL,
	`given_marks` real NOT NULL,
	`total_marks` integer NOT NULL,
	`source` text NOT NULL,
	`version` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`essay_question_id`) REFERENCES `essay_questions`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `essay_responses_user` ON `essay_responses` (`tenant_id`,`user_id`);