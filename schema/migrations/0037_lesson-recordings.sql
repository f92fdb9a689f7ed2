CREATE TABLE `lesson_recording_chunks` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`section_id` text NOT NULL,
	`track_id` text NOT NULL,
	`user_id` text NOT NULL,
	`seq` integer NOT NULL,
	`type` text NOT NULL,
	`bytes` integer NOT NULL,
	`track_started_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`r2_key` text NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_recording_chunks_piece` ON `lesson_recording_chunks` (`tenant_id`,`section_id`,`track_id`,`seq`);--> statement-breakpoint
CREATE INDEX `lesson_recording_chunks_section` ON `lesson_recording_chunks` (`tenant_id`,`section_id`);