import { ApiError } from '../../../platform/errors';
import type { Actor } from '../../env';
import { findSubTopic } from '../content/records';
import type { TenantDb } from '../tenant-db';
import { learnerFor } from './learner';
import { countUsage, ownUsage } from './usage';

/**
 * `POST quizzes/resource`: a learner opens one of a sub topic's resources (slides, notes) from the quiz pages. Each
 * opening is a slide view against the month's allowance, so the link is handed out only once it is counted; a learner
 * over the allowance is told so in a sentence and gets no link.
 */
export async function openQuizResource(tdb: TenantDb, actor: Actor, input: { subTopicId: string; resourceId: string }) {
  const learner = await learnerFor(tdb, actor);
  const subTopic = await findSubTopic(tdb, input.subTopicId);
  const resource = subTopic.resources.find((r) => r._id === input.resourceId);
  if (!resource) throw new ApiError(404, 'Resource not found');
  await countUsage(tdb, learner, 'slideViews');
  return { resource: { _id: resource._id, title: resource.title, url: resource.url }, usage: await ownUsage(tdb, actor) };
}
