/** One grade of one subject of the catalogue: the quiz list's filter. */
export type CatalogueChoice = { curriculum: string; subject: string; grade: string };

export const choiceKey = (c: CatalogueChoice) => `${c.curriculum}\u0000${c.subject}\u0000${c.grade}`;

export const quizCountText = (n: number) => (n === 1 ? '1 quiz' : `${n} quizzes`);
