/** Where the Worker answers each tenant's own installed-app files (worker/spa.ts), beside the built app. */
export const MANIFEST_PATH = '/learning-portal/manifest.webmanifest';
export const BRAND_ICON_PATH = '/learning-portal/brand-icon';
