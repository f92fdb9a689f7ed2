import { describe, expect, it } from 'vitest';
import { courseInput } from '../../schema/contracts/courses';
import { fieldSentence } from '../../schema/contracts/messages';

const SCHEMA_PHRASES = /expected|ISO|Too small|Too big|Invalid input|^[\w.]+: /;

describe('messages for people in forms', () => {
  it('words every problem a shared schema finds in the browser without zod phrases or field keys', () => {
    const result = courseInput.safeParse({ title: 'x'.repeat(400), price: -1, startDate: 'soon', paymentType: 'GIFT' });
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) {
      const sentence = fieldSentence(issue.path.join('.'), issue.message);
      expect(sentence).not.toMatch(SCHEMA_PHRASES);
      expect(sentence).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('names a field by its label', () => {
    expect(fieldSentence('price', 'cannot be negative')).toBe('Price cannot be negative.');
    expect(fieldSentence('email', 'is required')).toBe('E-mail address is required.');
    expect(fieldSentence('questions.2.markScheme.0.point', 'is required')).toBe('Point (questions 3, mark scheme 1) is required.');
  });
});
