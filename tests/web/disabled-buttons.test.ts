import { describe, expect, it } from 'vitest';
import { primaryButton, secondaryButton } from '../../web/ui/classes';

describe('button classes', () => {
  it('make a disabled button look disabled, as the quiz\'s "Previous" on the first question is', () => {
    for (const classes of [primaryButton, secondaryButton]) {
      expect(classes).toContain('disabled:cursor-not-allowed');
      expect(classes).toMatch(/disabled:opacity-\d+/);
    }
  });
});
