CREATE TABLE `progress` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`subjects` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `progress_user` ON `progress` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `submissions_user_progress` ON `submissions` (`tenant_id`,`user_id`,`status`,`completed_at`,`quiz_id`,`sub_topic_id`,`score`,`max_score`);--> statement-breakpoint
CREATE INDEX `submissions_completed` ON `submissions` (`tenant_id`,`status`,`completed_at`);--> statement-breakpoint
UPDATE `roles` SET `permissions` = json_set(`permissions`, '$.myPerformance', json('["view"]')) WHERE `is_system` = 1;
--> statement-breakpoint
UPDATE `tenants` SET `permissions` = json_set(`permissions`, '$.myPerformance', json('["view"]'));
