import { algebraTopic } from './maths-algebra';
import { numberTopic } from './maths-number';
import { shapeTopic, trigTopic } from './maths-shape';
import { statisticsTopic } from './maths-statistics';
import { electricityTopic, nuclearTopic, thermalTopic, wavesTopic } from './physics-fields-waves';
import { mechanicsTopic } from './physics-mechanics';
import type { SeedSubjectContent } from './types';

/** The demo syllabus per tenant: the main site has two full subjects, the partner a slice (so scoping is visible). */
export const contentByTenant: Record<'studyhall' | 'brightpath', SeedSubjectContent[]> = {
  studyhall: [
    {
      curriculumSlug: 'cambridge-igcse',
      subjectSlug: 'maths',
      subjectCode: '0580',
      grade: 'Grade 10',
      topics: [numberTopic, algebraTopic, shapeTopic, trigTopic, statisticsTopic],
    },
    {
      curriculumSlug: 'cambridge-igcse',
      subjectSlug: 'physics',
      subjectCode: '0625',
      grade: 'Grade 10',
      topics: [mechanicsTopic, thermalTopic, wavesTopic, electricityTopic, nuclearTopic],
    },
  ],
  brightpath: [{ curriculumSlug: 'cambridge-igcse', subjectSlug: 'maths', subjectCode: '0580', grade: 'Grade 10', topics: [numberTopic] }],
};

/** Tags every tenant starts with: the distinctions IGCSE papers themselves make. */
export const seedTagNames = ['Calculator', 'Non-calculator', 'Core', 'Extended', 'Exam style', 'Formula sheet'];
