import type { SlotOption } from '../../../schema/contracts/availability';

/** The five choices of the free-trial dialog (spec 1 section 2); each parent choice clears what depends on it. */
export interface TrialChoices {
  curriculum: string;
  subject: string;
  grade: string;
  /** `YYYY-MM-DD`, a calendar day in the viewer's time zone. */
  date: string;
  slot: SlotOption | null;
}

export type ChoiceAction =
  | { type: 'curriculum'; value: string }
  | { type: 'subject'; value: string }
  | { type: 'grade'; value: string }
  | { type: 'date'; value: string }
  | { type: 'slot'; value: SlotOption | null };

export const noChoices: TrialChoices = { curriculum: '', subject: '', grade: '', date: '', slot: null };

export function choicesReducer(state: TrialChoices, action: ChoiceAction): TrialChoices {
  switch (action.type) {
    case 'curriculum':
      return { ...state, curriculum: action.value, subject: '', grade: '', slot: null };
    case 'subject':
      return { ...state, subject: action.value, grade: '', slot: null };
    case 'grade':
      return { ...state, grade: action.value, slot: null };
    case 'date':
      return { ...state, date: action.value, slot: null };
    case 'slot':
      return { ...state, slot: action.value };
  }
}

/** Slots load once curriculum, subject, grade and date are all chosen (spec 1 section 4's reload triggers). */
export const readyForSlots = (c: TrialChoices) => Boolean(c.curriculum && c.subject && c.grade && c.date);
export const allChosen = (c: TrialChoices) => readyForSlots(c) && c.slot !== null;
