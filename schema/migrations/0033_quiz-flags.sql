ALTER TABLE `questions` ADD `open_aimarking` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `ai_hint` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `questions` SET `ai_hint` = 1, `open_aimarking` = CASE WHEN `kind` = 'OPEN' THEN 1 ELSE 0 END;
--> statement-breakpoint
UPDATE `quizzes` SET `subject_level` = CASE
  WHEN `curriculum` LIKE '%lower secondary%' THEN 'Lower Secondary'
  WHEN `curriculum` LIKE '%a level%' OR `curriculum` LIKE '%advanced level%' THEN 'A Level'
  WHEN `curriculum` LIKE '%igcse%' THEN 'IGCSE'
  WHEN `curriculum` LIKE '%gcse%' THEN 'GCSE'
  ELSE NULL END
WHERE `subject_level` IS NULL;
--> statement-breakpoint
UPDATE `roles` SET `permissions` = json_set(`permissions`, '$.quiz', json('["view"]'), '$.resources', json('["whiteboard","sessions","bookmarks","progress","premium","usage"]')) WHERE `is_system` = 1;
--> statement-breakpoint
UPDATE `tenants` SET `permissions` = json_set(`permissions`, '$.quiz', json('["view"]'), '$.resources', json('["whiteboard","sessions","bookmarks","progress","premium","usage"]'));
