/** The demo catalogue: real exam boards and subjects, with our own one-line descriptions. */
export interface SeedCurriculum {
  slug: string;
  name: string;
  description: string;
  grades: string[];
  subjects: string[];
}

export const catalogue: SeedCurriculum[] = [
  {
    slug: 'cambridge-igcse',
    name: 'Cambridge IGCSE',
    description: 'The two-year international course that builds strong foundations before A Levels or the IB.',
    grades: ['Grade 9', 'Grade 10'],
    subjects: ['Mathematics', 'Additional Mathematics', 'Physics', 'Chemistry', 'Biology', 'English Language', 'Economics', 'Computer Science'],
  },
  {
    slug: 'edexcel-igcse',
    name: 'Edexcel IGCSE',
    description: 'Pearson’s international GCSE, with clear specifications and exams sat in May and January.',
    grades: ['Grade 9', 'Grade 10'],
    subjects: ['Mathematics', 'Further Pure Mathematics', 'Physics', 'Chemistry', 'Biology', 'English Language', 'Business'],
  },
  {
    slug: 'edexcel-gcse',
    name: 'Edexcel GCSE',
    description: 'The UK GCSE from Pearson, taught step by step towards grades 9 to 1.',
    grades: ['Year 10', 'Year 11'],
    subjects: ['Mathematics', 'Combined Science', 'English Language', 'Computer Science', 'Geography'],
  },
  {
    slug: 'aqa-gcse',
    name: 'AQA GCSE',
    description: 'England’s most widely taken GCSEs, with practice built around AQA’s mark schemes.',
    grades: ['Year 10', 'Year 11'],
    subjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English Language', 'Economics'],
  },
  {
    slug: 'cambridge-international-a-level',
    name: 'Cambridge International A Level',
    description: 'AS and A Level courses that universities around the world know and trust.',
    grades: ['Year 12', 'Year 13'],
    subjects: ['Mathematics', 'Further Mathematics', 'Physics', 'Chemistry', 'Biology', 'Economics', 'Computer Science'],
  },
  {
    slug: 'edexcel-international-a-level',
    name: 'Edexcel International A Level',
    description: 'Modular A Levels from Pearson, so you can bank units as you go.',
    grades: ['Year 12', 'Year 13'],
    subjects: ['Mathematics', 'Further Mathematics', 'Physics', 'Chemistry', 'Biology', 'Economics'],
  },
  {
    slug: 'cambridge-lower-secondary',
    name: 'Cambridge Lower Secondary',
    description: 'Stages 7 to 9, where confident habits in maths, science and English begin.',
    grades: ['Stage 7', 'Stage 8', 'Stage 9'],
    subjects: ['Mathematics', 'Science', 'English'],
  },
  {
    slug: 'edexcel-lower-secondary',
    name: 'Edexcel Lower Secondary',
    description: 'Pearson’s iLowerSecondary programme, a bridge from primary school to International GCSE.',
    grades: ['Year 7', 'Year 8', 'Year 9'],
    subjects: ['Mathematics', 'Science', 'English', 'Computing'],
  },
];

/** The partner offers a smaller catalogue, so tenant scoping shows in what each host lists. */
export const partnerCatalogue = ['cambridge-igcse', 'cambridge-international-a-level'];
