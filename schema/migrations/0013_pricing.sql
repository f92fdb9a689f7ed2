CREATE TABLE `flexible_plans` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`minutes` integer NOT NULL,
	`duration` integer NOT NULL,
	`inclusion_mode` text DEFAULT 'ALL' NOT NULL,
	`group_ids` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`duration_unit` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `flexible_plans_tenant_status` ON `flexible_plans` (`tenant_id`,`status`);--> statement-breakpoint
CREATE TABLE `group_tutor_rate_course_types` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `group_course_types_tenant_name` ON `group_tutor_rate_course_types` (`tenant_id`,`name`);--> statement-breakpoint
CREATE TABLE `pricing_members` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`kind` text NOT NULL,
	`set_id` text NOT NULL,
	`member_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pricing_members_one_set` ON `pricing_members` (`tenant_id`,`kind`,`member_id`);--> statement-breakpoint
CREATE INDEX `pricing_members_set` ON `pricing_members` (`set_id`);--> statement-breakpoint
CREATE TABLE `rate_versions` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`rate_table` text NOT NULL,
	`name` text NOT NULL,
	`version_number` integer NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`date_basis` text NOT NULL,
	`operator` text NOT NULL,
	`reference_date` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_versions_number` ON `rate_versions` (`tenant_id`,`rate_table`,`version_number`);--> statement-breakpoint
CREATE TABLE `rates` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`version_id` text NOT NULL,
	`rate_table` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`student_id` text,
	`tutor_id` text,
	`student_type_id` text,
	`course_type_id` text,
	`tutor_country` text,
	`student_country` text,
	`country` text,
	`curriculum` text,
	`grade` text,
	`package_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`version_id`) REFERENCES `rate_versions`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rates_version` ON `rates` (`version_id`);--> statement-breakpoint
CREATE INDEX `rates_tenant_table` ON `rates` (`tenant_id`,`rate_table`);--> statement-breakpoint
CREATE TABLE `student_groups` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_groups_tenant_name` ON `student_groups` (`tenant_id`,`name`);--> statement-breakpoint
CREATE TABLE `one_to_one_student_types` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_types_tenant_name` ON `one_to_one_student_types` (`tenant_id`,`name`);--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`minutes` integer NOT NULL,
	`duration` integer NOT NULL,
	`inclusion_mode` text DEFAULT 'ALL' NOT NULL,
	`group_ids` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`duration_unit` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `subscription_plans_tenant_status` ON `subscription_plans` (`tenant_id`,`status`);