CREATE TABLE `past_papers` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`board` text NOT NULL,
	`subject_key` text NOT NULL,
	`subject_code` text,
	`year` text NOT NULL,
	`session` text DEFAULT '' NOT NULL,
	`label` text NOT NULL,
	`code` text NOT NULL,
	`link` text NOT NULL,
	`marking` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `past_papers_code` ON `past_papers` (`tenant_id`,`code`);--> statement-breakpoint
CREATE INDEX `past_papers_subject_code` ON `past_papers` (`tenant_id`,`subject_code`);--> statement-breakpoint
CREATE INDEX `past_papers_subject_key` ON `past_papers` (`tenant_id`,`subject_key`);