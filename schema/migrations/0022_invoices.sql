CREATE TABLE `invoice_counters` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`line_set` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`student_id` text,
	`section_id` text,
	`lesson_history_id` text,
	`lesson_start` integer,
	`minutes` integer,
	`unit_amount` integer NOT NULL,
	`amount` integer NOT NULL,
	`live` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice` ON `invoice_lines` (`tenant_id`,`invoice_id`,`line_set`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_lines_live_lesson` ON `invoice_lines` (`tenant_id`,`lesson_history_id`) WHERE lesson_history_id is not null and live = 1;--> statement-breakpoint
CREATE TABLE `invoices` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`invoice_number` integer NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`currency` text NOT NULL,
	`issued_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`period_start` integer,
	`period_end` integer,
	`paid_at` integer,
	`payment_session_id` text,
	`sent_at` integer,
	`sent_from_origin` text,
	`reminder_sent_at` integer,
	`line_set` text NOT NULL,
	`admin_notes` text DEFAULT '[]' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number` ON `invoices` (`tenant_id`,`invoice_number`);--> statement-breakpoint
CREATE INDEX `invoices_payer` ON `invoices` (`tenant_id`,`user_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_due` ON `invoices` (`tenant_id`,`status`,`due_at`);