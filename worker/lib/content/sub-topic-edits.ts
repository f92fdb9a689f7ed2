import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { type SubTopicEdit, subTopicEdits } from '../../../schema/contracts/content';
import type { subTopics } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';

type SubTopicRow = typeof subTopics.$inferSelect;
type Lists = Pick<SubTopicRow, 'resources' | 'videoLinks' | 'contents' | 'faqs' | 'reviews'>;
type Body<E extends SubTopicEdit> = z.infer<(typeof subTopicEdits)[E]>;

/** Finds the item an edit names; an id that is not on this sub topic is a bad field, and nothing is written. */
function indexOf(list: { _id: string }[], id: string, path: string, noun: string) {
  const index = list.findIndex((item) => item._id === id);
  if (index < 0) throw fieldError(path, `is not a ${noun} of this sub topic`);
  return index;
}

function edited<T extends { _id: string }>(list: T[], id: string, path: string, noun: string, changes: Partial<T>): T[] {
  const index = indexOf(list, id, path, noun);
  return list.map((item, i) => (i === index ? { ...item, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } : item));
}

function removed<T extends { _id: string }>(list: T[], id: string, path: string, noun: string): T[] {
  indexOf(list, id, path, noun);
  return list.filter((item) => item._id !== id);
}

/** Each content edit of spec 3 §7 as a pure change to the sub topic's lists: the route stores what this returns. */
export const applyEdit: { [E in SubTopicEdit]: (row: Lists, body: Body<E>) => Partial<Lists> } = {
  addResources: (row, { resources }) => ({ resources: [...row.resources, ...resources.map((r) => ({ _id: newId(), ...r }))] }),
  removeResources: (row, { resourceIds }) => {
    resourceIds.forEach((id, i) => indexOf(row.resources, id, `resourceIds.${i}`, 'resource'));
    return { resources: row.resources.filter((r) => !resourceIds.includes(r._id)) };
  },
  addVideoLink: (row, link) => ({
    videoLinks: [...row.videoLinks, { _id: newId(), ...link, sortingOrder: Math.max(-1, ...row.videoLinks.map((v) => v.sortingOrder)) + 1 }],
  }),
  editVideoLink: (row, { videoLinkId, ...changes }) => ({ videoLinks: edited(row.videoLinks, videoLinkId, 'videoLinkId', 'video link', changes) }),
  removeVideoLink: (row, { videoLinkId }) => ({ videoLinks: removed(row.videoLinks, videoLinkId, 'videoLinkId', 'video link') }),
  sortVideoLinks: (row, { videoLinkIds }) => {
    const current = row.videoLinks.map((v) => v._id).sort();
    if (videoLinkIds.length !== current.length || [...videoLinkIds].sort().some((id, i) => id !== current[i])) {
      throw fieldError('videoLinkIds', 'must list every video link of this sub topic once');
    }
    return { videoLinks: videoLinkIds.map((id, sortingOrder) => ({ ...row.videoLinks.find((v) => v._id === id)!, sortingOrder })) };
  },
  addContent: (row, block) => ({ contents: [...row.contents, { _id: newId(), ...block }] }),
  editContent: (row, { contentId, ...changes }) => ({ contents: edited(row.contents, contentId, 'contentId', 'content block', changes) }),
  removeContent: (row, { contentId }) => ({ contents: removed(row.contents, contentId, 'contentId', 'content block') }),
  addFAQ: (row, faq) => ({ faqs: [...row.faqs, { _id: newId(), ...faq }] }),
  editFAQ: (row, { faqId, ...changes }) => ({ faqs: edited(row.faqs, faqId, 'faqId', 'FAQ', changes) }),
  removeFAQ: (row, { faqId }) => ({ faqs: removed(row.faqs, faqId, 'faqId', 'FAQ') }),
  addReview: (row, review) => ({ reviews: [...row.reviews, { _id: newId(), ...review }] }),
  editReview: (row, { reviewId, ...changes }) => ({ reviews: edited(row.reviews, reviewId, 'reviewId', 'review', changes) }),
  removeReview: (row, { reviewId }) => ({ reviews: removed(row.reviews, reviewId, 'reviewId', 'review') }),
};
