import { describe, expect, it } from 'vitest';
import { enrolmentTypeLabel } from '../../web/features/courses/enrolment-labels';

describe('enrolment type labels', () => {
  it('show a one-time enrolment as "One-time", not the raw "onetime"', () => {
    expect(enrolmentTypeLabel('ONETIME')).toBe('One-time');
    expect(enrolmentTypeLabel('SUBSCRIPTION')).toBe('Subscription');
    expect(enrolmentTypeLabel('SUBSTITUTE')).toBe('Substitute');
  });
});
