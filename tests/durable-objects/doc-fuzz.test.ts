import { describe, expect, it } from 'vitest';
import { runFuzzSeed } from '../helpers/doc-fuzz';

const SEEDS = 500;
/** Pure CPU work; on a busy two-core machine 500 seeds can take longer than the default 5 s, which is not a failure. */
const BUSY_MACHINE_MS = 60_000;

describe('document fuzz', () => {
  it(
    `converges for ${SEEDS} seeds of edits, disconnects, reloads and server compactions`,
    () => {
      const failures: string[] = [];
      let nonEmpty = 0;
      for (let seed = 1; seed <= SEEDS; seed++) {
        try {
          if (runFuzzSeed(seed) !== '{"notes":[],"board":"","meta":[]}') nonEmpty += 1;
        } catch (error) {
          console.error(`doc fuzz: seed ${seed} failed`, error);
          failures.push(error instanceof Error ? error.message.split('\n')[0]! : `seed ${seed}: ${String(error)}`);
        }
      }
      expect(failures).toEqual([]);
      // The model must actually edit: nearly every seed ends with content.
      expect(nonEmpty).toBeGreaterThan(SEEDS * 0.9);
    },
    BUSY_MACHINE_MS,
  );

  it('replays a seed exactly, so a failing one printed above can be run alone', () => {
    expect(runFuzzSeed(7)).toBe(runFuzzSeed(7));
  });
});
