ALTER TABLE `callback_requests` ADD `status` text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE `callback_requests` ADD `assigned_to` text REFERENCES users(_id);--> statement-breakpoint
ALTER TABLE `callback_requests` ADD `assigned_at` integer;--> statement-breakpoint
ALTER TABLE `callback_requests` ADD `note` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `callback_requests` ADD `closed_by` text REFERENCES users(_id);--> statement-breakpoint
ALTER TABLE `callback_requests` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `diagnostic_tests` ADD `is_published` integer DEFAULT true NOT NULL;