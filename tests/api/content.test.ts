import { beforeAll, describe, expect, it } from 'vitest';
import type { CurriculumListItem, HomeCurriculum } from '../../schema/contracts/learning';
import { api } from '../helpers/auth';
import { PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

describe('happy', () => {
  it('lists the home-page catalogue without sign-in: curricula, subjects and grades with ids and slugs', async () => {
    const res = await api('/curriculums/getCurriculumsForHomePage');
    expect(res.status).toBe(200);
    const body = await res.json<HomeCurriculum[]>();
    expect(body.map((c) => c.curriculum)).toEqual([
      'Cambridge IGCSE',
      'Edexcel IGCSE',
      'Edexcel GCSE',
      'AQA GCSE',
      'Cambridge International A Level',
      'Edexcel International A Level',
      'Cambridge Lower Secondary',
      'Edexcel Lower Secondary',
    ]);
    const igcse = body[0]!;
    expect(igcse).toMatchObject({ _id: expect.any(String), slug: 'cambridge-igcse', description: expect.any(String) });
    expect(igcse.subjects[0]).toEqual({
      _id: expect.any(String),
      subject: 'Mathematics',
      slug: 'maths',
      grade: [
        { _id: expect.any(String), grade: 'Grade 9' },
        { _id: expect.any(String), grade: 'Grade 10' },
      ],
    });
    expect(body.every((c) => c.description.length > 0 && c.subjects.length >= 3)).toBe(true);
    const slugs = body.flatMap((c) => c.subjects.map((s) => s.slug));
    expect(slugs.every((slug) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) && !slug.includes('mathematics'))).toBe(true);
    expect(slugs).toContain('further-maths');
  });

  it('lists curricula with grades in the spec shape', async () => {
    const body = await (await api('/curriculums/list-with-grades')).json<CurriculumListItem[]>();
    const alevel = body.find((c) => c.curriculum === 'Cambridge International A Level');
    expect(Object.keys(alevel!).sort()).toEqual(['_id', 'curriculum', 'subjects']);
    expect(alevel!.subjects[0]).toEqual({ subject: 'Mathematics', grade: [{ grade: 'Year 12' }, { grade: 'Year 13' }] });
  });
});

describe('permissions', () => {
  it('shows each tenant only its own catalogue', async () => {
    const partner = await (await api('/curriculums/getCurriculumsForHomePage', {}, PARTNER_HOST)).json<HomeCurriculum[]>();
    expect(partner.map((c) => c.curriculum)).toEqual(['Cambridge IGCSE', 'Cambridge International A Level']);
    const home = await (await api('/curriculums/getCurriculumsForHomePage')).json<HomeCurriculum[]>();
    const homeIds = new Set(home.flatMap((c) => [c._id, ...c.subjects.map((s) => s._id)]));
    expect(partner.flatMap((c) => [c._id, ...c.subjects.map((s) => s._id)]).some((id) => homeIds.has(id))).toBe(false);
  });
});
