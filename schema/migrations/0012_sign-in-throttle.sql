CREATE TABLE `known_sign_in_addresses` (
	`tenant_id` text NOT NULL,
	`user_id` text NOT NULL,
	`address_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address_hash`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `sign_in_attempts` ADD `blocked_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sign_in_attempts` ADD `last_attempt` text;