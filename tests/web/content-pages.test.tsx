import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubjectDataResponse, SubTopicPage } from '../../schema/contracts/content';
import { slugify, subjectSlug } from '../../schema/contracts/slug';
import { renderMath, splitMath } from '../../web/ui/math/math';
import { json, mockApi } from './fetch-mock';
import { renderApp, startup } from './render-app';

afterEach(() => vi.unstubAllGlobals());

describe('slugs', () => {
  it('lowercases, trims and turns slashes and spaces into hyphens', () => {
    expect(slugify('  Cambridge IGCSE ')).toBe('cambridge-igcse');
    expect(slugify('Sets / Venn diagrams')).toBe('sets-venn-diagrams');
    expect(slugify('Pythagoras’ théorème')).toBe('pythagoras-theoreme');
  });

  it('shortens Mathematics to maths in subject slugs, wherever it appears', () => {
    expect(subjectSlug('Mathematics')).toBe('maths');
    expect(subjectSlug('Further Pure Mathematics')).toBe('further-pure-maths');
    expect(subjectSlug('Computer Science')).toBe('computer-science');
  });
});

describe('math', () => {
  it('splits inline and display formulas and keeps escaped or unclosed dollars as text', () => {
    expect(splitMath('Area $\\pi r^2$ and $$a^2 + b^2 = c^2$$ cost \\$5')).toEqual([
      { kind: 'text', value: 'Area ' },
      { kind: 'inline', value: '\\pi r^2' },
      { kind: 'text', value: ' and ' },
      { kind: 'display', value: 'a^2 + b^2 = c^2' },
      { kind: 'text', value: ' cost $5' },
    ]);
    expect(splitMath('Costs $5 each')).toEqual([{ kind: 'text', value: 'Costs $5 each' }]);
  });

  it('renders formulas with a MathML form for screen readers', () => {
    const html = renderMath('\\frac{1}{2}', false);
    expect(html).toContain('<math');
    expect(html).toContain('<mfrac>');
  });
});

const SUBJECT: SubjectDataResponse = {
  curriculum: { _id: 'c1', name: 'Cambridge IGCSE', slug: 'cambridge-igcse', description: 'Cambridge.' },
  subject: { _id: 's1', name: 'Mathematics', slug: 'maths', subjectCode: '0580' },
  topicsWithSubTopics: [
    {
      _id: 't1',
      subjectId: 's1',
      gradeId: 'g1',
      name: 'Algebra',
      slug: 'algebra',
      description: 'Equations.',
      sortingOrder: 0,
      subTopics: [
        { _id: 'st1', name: 'Quadratic equations', slug: 'quadratic-equations', summary: 'Solve $x^2 = 4$.', sortingOrder: 0, quizId: 'quiz1' },
        { _id: 'st2', name: 'Inequalities', slug: 'inequalities', summary: '', sortingOrder: 1, quizId: null },
      ],
    },
  ],
};

const SUB_TOPIC: SubTopicPage = {
  _id: 'st1',
  topicId: 't1',
  name: 'Quadratic equations',
  slug: 'quadratic-equations',
  summary: 'Solve them.',
  sortingOrder: 0,
  resources: [],
  videoLinks: [{ _id: 'v1', title: 'Worked example', url: 'https://video.example/1', sortingOrder: 0 }],
  contents: [{ _id: 'b1', title: 'The formula', body: '<div data-type="block-math" data-latex="x = \\frac{-b}{2a}"></div>' }],
  faqs: [{ _id: 'f1', question: 'When do I use it?', answer: 'When it does not factorise.' }],
  reviews: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  topic: { _id: 't1', name: 'Algebra', slug: 'algebra' },
  questionCount: 9,
  quizId: 'quiz1',
};

describe('subject and sub topic pages', () => {
  it('lists topics and sub topics, with Practice only where a quiz is published', async () => {
    mockApi({ ...startup, 'GET /api/topics/getTopicsBySubjectData': () => json(SUBJECT) });
    renderApp('/cambridge-igcse/maths');
    expect(await screen.findByRole('heading', { name: 'Cambridge IGCSE Mathematics' })).toBeInTheDocument();
    const topic = screen.getByRole('region', { name: /Algebra/ });
    expect(within(topic).getByRole('link', { name: 'Quadratic equations' })).toHaveAttribute(
      'href',
      '/learning-portal/cambridge-igcse/maths/algebra/quadratic-equations',
    );
    expect(within(topic).getByRole('link', { name: 'Practice Quadratic equations' })).toHaveAttribute('href', '/learning-portal/startSubmission/quiz1');
    expect(within(topic).queryByRole('link', { name: 'Practice Inequalities' })).toBeNull();
  });

  it('shows a sub topic with its rendered content, videos and FAQs', async () => {
    mockApi({ ...startup, 'GET /api/topics/getTopicsBySubjectData': () => json(SUBJECT), 'GET /api/subtopics/st1': () => json(SUB_TOPIC) });
    renderApp('/cambridge-igcse/maths/algebra/quadratic-equations');
    expect(await screen.findByRole('heading', { name: 'Quadratic equations', level: 1 })).toBeInTheDocument();
    // Sanitising and rendering the editor's HTML is checked in the browser (tests/e2e/content-pages.spec.ts):
    // happy-dom's parser drops nodes DOMPurify hands it, so it cannot judge that here.
    expect(screen.getByRole('region', { name: 'The formula' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Worked example/ })).toHaveAttribute('href', 'https://video.example/1');
    expect(screen.getByText('When do I use it?')).toBeInTheDocument();
    expect(screen.getByText('9 practice questions')).toBeInTheDocument();
  });

  it('shows Not Found for an unknown curriculum, subject or sub topic', async () => {
    mockApi({ ...startup, 'GET /api/topics/getTopicsBySubjectData': () => json({ message: 'Curriculum not found', errors: [] }, 404) });
    renderApp('/nowhere/maths');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('shows Not Found for a sub topic slug the subject does not have', async () => {
    mockApi({ ...startup, 'GET /api/topics/getTopicsBySubjectData': () => json(SUBJECT) });
    renderApp('/cambridge-igcse/maths/algebra/astrology');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
