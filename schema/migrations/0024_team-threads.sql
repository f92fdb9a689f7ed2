CREATE TABLE `team_threads` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`assignee_id` text,
	`last_message` text,
	`last_message_at` integer,
	`waiting` integer DEFAULT 0 NOT NULL,
	`last_user_seq` integer DEFAULT 0 NOT NULL,
	`done_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `chat_conversations`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_threads_conversation` ON `team_threads` (`tenant_id`,`conversation_id`);--> statement-breakpoint
CREATE INDEX `team_threads_list` ON `team_threads` (`tenant_id`,`status`,`last_message_at`);