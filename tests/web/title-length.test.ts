import { describe, expect, it } from 'vitest';
import { TITLE_MAX } from '../../schema/contracts/common';
import { courseTemplateInput } from '../../schema/contracts/course-templates';
import { courseInput, tutorCourseUpdate } from '../../schema/contracts/courses';
import { fieldSentence } from '../../schema/contracts/messages';
import { meetingCreateInput, resourceCreateInput, sectionCreateInput } from '../../schema/contracts/sections';

const tooLong = 'x'.repeat(TITLE_MAX + 1);
const course = { title: 'Algebra', kind: 'Group', paymentType: 'ONETIME', curriculum: 'IGCSE', subject: 'Maths', grade: 'Grade 10' };

/** The sentence a person reads beside the title field when the schema refuses it. */
function titleSentence(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues.find((i) => i.path.join('.') === 'title' || i.path.join('.').endsWith('.title'))!;
  return fieldSentence('title', issue.message);
}

describe('titles have one sensible length everywhere', () => {
  it('keeps course, template, section, lesson and resource titles to 120 characters, said in a sentence', () => {
    const refused = 'Title can be at most 120 characters.';
    expect(titleSentence(courseInput.safeParse({ ...course, title: tooLong }))).toBe(refused);
    expect(titleSentence(tutorCourseUpdate.safeParse({ title: tooLong }))).toBe(refused);
    expect(titleSentence(courseTemplateInput.safeParse({ ...course, title: tooLong, sections: [] }))).toBe(refused);
    expect(titleSentence(courseTemplateInput.safeParse({ ...course, sections: [{ kind: 'SECTION', title: tooLong }] }))).toBe(refused);
    expect(titleSentence(sectionCreateInput.safeParse({ course: 'c1', title: tooLong }))).toBe(refused);
    expect(titleSentence(meetingCreateInput.safeParse({ course: 'c1', title: tooLong, start: '2030-01-07T09:00:00Z', duration: 60 }))).toBe(refused);
    expect(titleSentence(resourceCreateInput.safeParse({ course: 'c1', kind: 'RESOURCE', title: tooLong }))).toBe(refused);
  });

  it('accepts a title of exactly 120 characters', () => {
    expect(courseInput.safeParse({ ...course, title: 'x'.repeat(TITLE_MAX) }).success).toBe(true);
    expect(sectionCreateInput.safeParse({ course: 'c1', title: 'x'.repeat(TITLE_MAX) }).success).toBe(true);
  });
});
