ALTER TABLE `course_tutors` ADD `tutor_role_by_hand` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `price_amount` integer;--> statement-breakpoint
ALTER TABLE `courses` ADD `price_currency` text;--> statement-breakpoint
ALTER TABLE `courses` ADD `price_duration` integer;--> statement-breakpoint
ALTER TABLE `courses` ADD `price_duration_unit` text;--> statement-breakpoint
-- A tutor given a role other than their tenant's default had it chosen by hand, so a course template must not replace it.
UPDATE `course_tutors` SET `tutor_role_by_hand` = 1 WHERE `tutor_role_id` NOT IN (SELECT `_id` FROM `tutor_roles` WHERE `is_default` = 1 AND `tutor_roles`.`tenant_id` = `course_tutors`.`tenant_id`);--> statement-breakpoint
-- A permission template used to hold one map for every tutor; it now holds one map per tutor type.
UPDATE `course_permission_templates` SET `permissions` = json_object('PRIMARY', json(`permissions`), 'SUBSTITUTE', json(`permissions`), 'TRIAL', json(`permissions`)) WHERE json_type(`permissions`, '$.PRIMARY') IS NULL AND json_type(`permissions`, '$.SUBSTITUTE') IS NULL AND json_type(`permissions`, '$.TRIAL') IS NULL;
