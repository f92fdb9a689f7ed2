ALTER TABLE `credit_entries` ADD `admin_notes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `credit_entries_created` ON `credit_entries` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_history_student` ON `payment_history` (`tenant_id`,`student_id`,`paid_at`);--> statement-breakpoint
CREATE INDEX `payment_history_paid` ON `payment_history` (`tenant_id`,`paid_at`);