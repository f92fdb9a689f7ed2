PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_log` (
	`_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`action` text NOT NULL,
	`actor_kind` text DEFAULT 'person' NOT NULL,
	`actor_id` text,
	`acting_as_id` text,
	`session_id` text,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`subject_label` text NOT NULL,
	`subject_at` integer,
	`moved_to` integer,
	`summary` text NOT NULL,
	`reason` text,
	`method` text,
	`route` text,
	`status` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("_id", "tenant_id", "action", "actor_kind", "actor_id", "acting_as_id", "session_id", "subject_type", "subject_id", "subject_label", "summary", "method", "route", "status", "created_at") SELECT a."_id", a."tenant_id", CASE a."route" WHEN '/api/admin/users/log-in-as-user' THEN 'impersonation.start' WHEN '/api/admin/users/return' THEN 'impersonation.end' ELSE 'request' END, 'person', a."actor_id", CASE a."route" WHEN '/api/admin/users/log-in-as-user' THEN NULL ELSE a."subject_id" END, a."session_id", 'user', a."subject_id", COALESCE(trim(u."firstname" || ' ' || u."lastname"), ''), a."method" || ' ' || a."route", a."method", a."route", a."status", a."created_at" FROM `audit_log` a LEFT JOIN `users` u ON u."_id" = a."subject_id";--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_log_tenant_time` ON `audit_log` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_tenant_subject` ON `audit_log` (`tenant_id`,`subject_id`);
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
--> statement-breakpoint
UPDATE `roles` SET `permissions` = json_set(`permissions`, '$.auditLog', json('["view"]')) WHERE `is_system` = 1;
--> statement-breakpoint
UPDATE `tenants` SET `permissions` = json_set(`permissions`, '$.auditLog', json('["view"]'));
