/**
 * The policies every answer carries. Pure data, so scripts/build.ts writes the same headers into the hashed assets'
 * `_headers` (they are served from the edge and never reach the Worker).
 */

/** Sockets go to this origin only ('self' covers ws: and wss:); whiteboard pictures and downloads are blob: or data:. */
const APP_SOURCES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  // blob: addresses are minted by this origin's own scripts; reading one back (a worker in the lesson room did, now and
  // then, when a PDF was imported and exported) reaches nothing outside the page.
  "connect-src 'self' blob:",
  "worker-src 'self'",
  // React, Headless UI and KaTeX set style attributes, the editor adds its own <style>, and the shell colours <html>.
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The app's policy: scripts only from this origin, and the shell's own inline scripts by their hashes. */
export const appPolicy = (scriptHashes: readonly string[] = []) =>
  [...APP_SOURCES, ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(' ')].join('; ');

/** What the API answers (JSON, files) is never a page: nothing in it may load or run, nor may anyone frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The lesson room uses the camera, the microphone and screen sharing; nothing else asks for a device. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), display-capture=(self), fullscreen=(self), geolocation=(), payment=(), usb=()';

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** Sent only over https (a browser ignores it over http, and local development is http). */
export const HSTS = 'max-age=31536000';
