CREATE TABLE `tenants` (
	`_id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`domain` text NOT NULL,
	`name` text NOT NULL,
	`theme` text NOT NULL,
	`permissions` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_key_unique` ON `tenants` (`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_domain_unique` ON `tenants` (`domain`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`auth_type` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_mappers` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`student_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_mappers_pair` ON `user_mappers` (`parent_id`,`student_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`email` text,
	`firstname` text DEFAULT '' NOT NULL,
	`lastname` text DEFAULT '' NOT NULL,
	`role` text NOT NULL,
	`password_hash` text,
	`timezone` text DEFAULT 'Asia/Singapore' NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`country` text,
	`avatar` text,
	`onboarded` integer DEFAULT false NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_tenant_email` ON `users` (`tenant_id`,`email`);--> statement-breakpoint
CREATE INDEX `users_tenant_role` ON `users` (`tenant_id`,`role`);--> statement-breakpoint
CREATE TABLE `meta_tags` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`path` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meta_tags_tenant_path` ON `meta_tags` (`tenant_id`,`path`);--> statement-breakpoint
CREATE TABLE `curricula` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sorting_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `curricula_tenant_slug` ON `curricula` (`tenant_id`,`slug`);--> statement-breakpoint
CREATE TABLE `grades` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`grade` text NOT NULL,
	`sorting_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `grades_subject_grade` ON `grades` (`subject_id`,`grade`);--> statement-breakpoint
CREATE TABLE `subjects` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`curriculum_id` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`subject_code` text,
	`sorting_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`curriculum_id`) REFERENCES `curricula`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subjects_curriculum_slug` ON `subjects` (`curriculum_id`,`slug`);