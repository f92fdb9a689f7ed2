import { essayQuestionInput } from '../../../schema/contracts/essays';
import type { HelperSource } from '../../../schema/tables';
import type { EssayDraftContext } from './essay-draft';
import { modelAnswer, offlineHelper } from './offline';
import type { AttemptSummary, HelperQuestion, TutorHelper } from './types';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}
export type Chat = (messages: ChatMessage[]) => Promise<string>;

const SYSTEM = 'You are a patient secondary-school tutor. Be concise, accurate and encouraging. Use $…$ for maths.';

const describe = (q: HelperQuestion) =>
  [
    `Question: ${q.text}`,
    q.options.length ? `Options: ${q.options.map((o) => o.text).join(' | ')}` : '',
    `Model answer: ${modelAnswer(q)}`,
    q.explanation ? `Stored explanation: ${q.explanation}` : '',
  ]
    .filter(Boolean)
    .join('\n');

const ask = (chat: Chat, prompt: string) =>
  chat([
    { role: 'system', content: SYSTEM },
    { role: 'user', content: prompt },
  ]);

/**
 * A helper backed by a language model. Any failure (network, quota, unparseable mark) falls back to the offline
 * helper, whose answers then say `source: 'offline'`, so the screen never claims help it did not get.
 */
export function chatHelper(source: HelperSource, version: string, chat: Chat): TutorHelper {
  const attempt = async <T>(remote: () => Promise<T>, offline: () => Promise<T>) => {
    try {
      return await remote();
    } catch {
      return offline();
    }
  };
  return {
    source,
    hint: (q) =>
      attempt(
        async () => ({
          text: await ask(chat, `${describe(q)}\n\nGive one short hint that helps the student start, without giving the answer.`),
          source,
          version,
        }),
        () => offlineHelper.hint(q),
      ),
    explanation: (q) =>
      attempt(
        async () => ({ text: await ask(chat, `${describe(q)}\n\nExplain step by step how to reach the model answer.`), source, version }),
        () => offlineHelper.explanation(q),
      ),
    feedback: (a: AttemptSummary) =>
      attempt(
        async () => {
          const lines = a.items.map((i, n) => `${n + 1}. ${i.question} — ${i.status}, ${i.score}/${i.maxMarks}`);
          const text = await ask(
            chat,
            `Quiz "${a.quizTitle}": ${a.score}/${a.maxScore}.\n${lines.join('\n')}\n\nGive the student three sentences of feedback: what went well, what to revise, what to do next.`,
          );
          return { text, source, version };
        },
        () => offlineHelper.feedback(a),
      ),
    markOpenAnswer: (q, answer) =>
      attempt(
        async () => {
          if (!answer.trim()) return offlineHelper.markOpenAnswer(q, answer);
          const scheme = q.markScheme.map((p) => `- [${p._id}] ${p.point} (${p.marks} marks)`).join('\n');
          const reply = await ask(
            chat,
            `${describe(q)}\nMark scheme (max ${q.maxMarks}):\n${scheme}\n\nStudent answer: ${answer}\n\nReply with JSON only: {"score": number, "reasons": ["Credited: <point>" or "Missing: <point>", one per point]}`,
          );
          const parsed = JSON.parse(reply.slice(reply.indexOf('{'), reply.lastIndexOf('}') + 1)) as { score?: unknown; reasons?: unknown };
          if (typeof parsed.score !== 'number' || !Array.isArray(parsed.reasons)) throw new Error('Unparseable mark');
          const score = Math.max(0, Math.min(q.maxMarks, Math.round(parsed.score * 2) / 2));
          return { score, reasons: parsed.reasons.map(String), rubric: q.markScheme, source, version };
        },
        () => offlineHelper.markOpenAnswer(q, answer),
      ),
    diagnosticAdvice: (d) =>
      attempt(
        async () => {
          const topics = d.topics.map((t) => `${t.name}: ${t.percent}%`).join(', ');
          const text = await ask(
            chat,
            `A ${d.grade} ${d.subject} diagnostic: ${d.percent}% overall (${topics}). Our rules recommend the ${d.level} level, ${d.hours} hours of lessons${d.course ? ` on "${d.course}"` : ''}, because: ${d.reasons.join(' ')}\n\nIn three sentences to the learner's parent, explain what the result shows and what to do first. Do not change the level or the hours.`,
          );
          return { text, source, version };
        },
        () => offlineHelper.diagnosticAdvice(d),
      ),
    draftEssay: (context) =>
      attempt(
        async () => {
          const reply = await ask(chat, essayPrompt(context));
          const parsed = JSON.parse(reply.slice(reply.indexOf('{'), reply.lastIndexOf('}') + 1)) as { stem?: unknown; parts?: unknown };
          // The contract the admin form uses checks the draft too, so a malformed one falls back to the rules.
          const draft = essayQuestionInput.parse({ subTopicId: 'draft', stem: parsed.stem, subQuestions: parsed.parts });
          return {
            draft: { stem: draft.stem, subQuestions: draft.subQuestions.map(({ _id: _i, ...part }) => part) },
            source,
            version,
          };
        },
        () => offlineHelper.draftEssay(context),
      ),
  };
}

function essayPrompt({ subTopic, instructions, bank, variant }: EssayDraftContext) {
  const examples = bank
    .slice(0, 6)
    .map((q) => `- ${q.text}`)
    .join('\n');
  return [
    `Write one structured exam question on "${subTopic.name}" (${subTopic.summary}) for secondary-school students, draft ${variant + 1}.`,
    'A short stem, then two to four parts that build on it, each with marks, a model answer and a rubric of creditable points with keywords.',
    instructions ? `The teacher asks: ${instructions}` : '',
    examples ? `Questions this sub topic already has:\n${examples}` : '',
    'Reply with JSON only: {"stem": string, "parts": [{"prompt": string, "marks": number, "modelAnswer": string, "markScheme": [{"point": string, "marks": number, "keywords": [string]}]}]}',
  ]
    .filter(Boolean)
    .join('\n\n');
}
