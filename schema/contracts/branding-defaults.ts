import type { StoredBranding } from './branding';

// The home tenant's look (also its default) and the demo partner's: shared by the seed, the Worker and the tests.

/** Studyhall's own look, words and contacts: what the product looked like before branding was a setting. */
export const STUDYHALL_BRANDING: StoredBranding = {
  shortName: 'Studyhall',
  colours: { brandColour: '#01B8AF', brandColourDark: '#0CD6CD', textOnBrand: 'dark', backgroundColour: '#FFFFFF' },
  icon: null,
  support: { whatsappNumber: '6580001234', phoneNumber: '', supportEmail: 'help@studyhall.app' },
  landing: {
    tagline: 'Cambridge · Edexcel · AQA',
    headline: 'Live tutoring that turns',
    headlineHighlight: 'revision into results',
    lead: "Learn with a tutor who knows your exam board, on a shared whiteboard, with notes that keep working even when your Wi-Fi doesn't. Then practise between lessons with quizzes that nudge you with hints.",
    boards: [
      'Cambridge IGCSE',
      'Edexcel IGCSE / GCSE',
      'AQA GCSE',
      'Cambridge International A Level',
      'Edexcel International A Level',
      'Cambridge Lower Secondary',
      'Edexcel Lower Secondary',
    ],
    subjects: [],
    testimonials: [],
  },
  email: { senderName: 'Studyhall' },
};

/** The partner of the demo: its own indigo, its own two boards, its own people to call. */
export const BRIGHTPATH_BRANDING: StoredBranding = {
  shortName: 'BrightPath',
  colours: { brandColour: '#4F46E5', brandColourDark: '#818CF8', textOnBrand: 'white', backgroundColour: '#EEF2FF' },
  icon: null,
  support: { whatsappNumber: '447700900123', phoneNumber: '+44 20 7946 0018', supportEmail: 'hello@brightpath.example' },
  landing: {
    tagline: 'Cambridge IGCSE · A Level',
    headline: 'Online lessons that',
    headlineHighlight: 'light the way',
    lead: 'BrightPath’s tutors teach Cambridge IGCSE and A Level live, one to one, on a shared whiteboard — with practice between lessons so nothing is forgotten by the next one.',
    boards: ['Cambridge IGCSE', 'Cambridge International A Level'],
    subjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English'],
    testimonials: [
      { quote: 'My daughter went from a C to an A in IGCSE Maths in two terms. The tutors explain every step.', author: 'Priya', detail: 'Parent, London' },
      { quote: 'The whiteboard notes are there when I revise, so I never lose what we worked through.', author: 'Daniel', detail: 'A Level Physics student' },
    ],
  },
  email: { senderName: 'BrightPath Tutors' },
};
