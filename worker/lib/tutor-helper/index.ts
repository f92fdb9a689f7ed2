import type { Env } from '../../env';
import { type ChatMessage, chatHelper } from './chat';
import { offlineHelper } from './offline';
import type { TutorHelper } from './types';

export type { EssayDraftContext, EssayDraftParts, EssayDraftReply } from './essay-draft';
export { offlineDraftNote } from './essay-draft';
export { modelAnswer } from './offline';
export type { AttemptSummary, DiagnosticSummary, HelperQuestion, OpenMark, TutorHelper } from './types';

const WORKERS_AI_MODEL = '@cf/meta/llama-3.1-8b-instruct';

/** Workers AI when bound, else an OpenAI-compatible endpoint when configured, else the offline helper. */
export function tutorHelper(env: Pick<Env, 'AI' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_MODEL'>, fetcher: typeof fetch = fetch): TutorHelper {
  const ai = env.AI;
  if (ai) {
    return chatHelper('workers-ai', WORKERS_AI_MODEL, async (messages) => {
      const out = (await ai.run(WORKERS_AI_MODEL, { messages })) as { response?: string };
      if (!out.response) throw new Error('Workers AI gave no response');
      return out.response;
    });
  }
  const { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: apiKey } = env;
  if (baseUrl && apiKey) {
    const model = env.OPENAI_MODEL ?? 'gpt-4o-mini';
    return chatHelper('openai', model, (messages) => openAiChat(fetcher, baseUrl, apiKey, model, messages));
  }
  return offlineHelper;
}

async function openAiChat(fetcher: typeof fetch, baseUrl: string, apiKey: string, model: string, messages: ChatMessage[]) {
  const res = await fetcher(`${baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ model, messages, temperature: 0.2 }),
  });
  if (!res.ok) throw new Error(`Helper endpoint answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (!content) throw new Error('Helper endpoint gave no content');
  return content;
}
