import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on a Mac or Windows needs that platform's build of every native package in the lockfile; an install that
 * pruned them (npm does, resolving on one platform) would break a clean install elsewhere. Runs in the happy-dom
 * runner because workerd has no file system.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
const has = (name: string) => `node_modules/${name}` in lock.packages;

const NATIVE: Record<string, string[]> = {
  workerd: ['@cloudflare/workerd-linux-64', '@cloudflare/workerd-darwin-64', '@cloudflare/workerd-darwin-arm64', '@cloudflare/workerd-windows-64'],
  esbuild: ['@esbuild/linux-x64', '@esbuild/darwin-x64', '@esbuild/darwin-arm64', '@esbuild/win32-x64'],
  rolldown: ['@rolldown/binding-linux-x64-gnu', '@rolldown/binding-darwin-x64', '@rolldown/binding-darwin-arm64', '@rolldown/binding-win32-x64-msvc'],
  lightningcss: ['lightningcss-linux-x64-gnu', 'lightningcss-darwin-x64', 'lightningcss-darwin-arm64', 'lightningcss-win32-x64-msvc'],
  'tailwind oxide': [
    '@tailwindcss/oxide-linux-x64-gnu',
    '@tailwindcss/oxide-darwin-x64',
    '@tailwindcss/oxide-darwin-arm64',
    '@tailwindcss/oxide-win32-x64-msvc',
  ],
  biome: ['@biomejs/cli-linux-x64', '@biomejs/cli-darwin-x64', '@biomejs/cli-darwin-arm64', '@biomejs/cli-win32-x64'],
};

describe('the lockfile installs on Linux, macOS and Windows', () => {
  for (const [family, builds] of Object.entries(NATIVE)) {
    it(`carries every platform's build of ${family}`, () => {
      expect(builds.filter((name) => !has(name))).toEqual([]);
    });
  }
});
