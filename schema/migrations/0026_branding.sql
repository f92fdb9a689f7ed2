ALTER TABLE `tenants` ADD `branding` text;--> statement-breakpoint
ALTER TABLE `tenants` DROP COLUMN `theme`;