import { api } from '../../lib/api';

/** The .ics needs the bearer token, so it is fetched and handed to the browser as a file rather than linked. */
export async function downloadLessonIcs(sectionId: string) {
  const text = await api<string>(`/schedule/${encodeURIComponent(sectionId)}/ics`);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `lesson-${sectionId}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Calendar apps open `webcal:` addresses as a subscription rather than a one-off download. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
