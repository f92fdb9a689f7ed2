ALTER TABLE `lesson_attendance` ADD `camera_seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lesson_attendance` ADD `mic_seconds` integer DEFAULT 0 NOT NULL;