/** The person's own zone from the profile; the device's only when the profile has none. */
export const zoneOr = (profileZone: string | null | undefined) => profileZone || Intl.DateTimeFormat().resolvedOptions().timeZone;

const dayKeys = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a zone, as YYYY-MM-DD (en-CA writes dates that way). */
export function dayKey(at: Date, timeZone: string) {
  let format = dayKeys.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayKeys.set(timeZone, format);
  }
  return format.format(at);
}

const previousDay = (key: string) => new Date(Date.parse(`${key}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The heading over a day's messages: "Today", "Yesterday" or the full date, all in the person's zone. */
export function messageDayLabel(at: Date, timeZone: string, now = new Date()) {
  const day = dayKey(at, timeZone);
  const today = dayKey(now, timeZone);
  if (day === today) return 'Today';
  if (day === previousDay(today)) return 'Yesterday';
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
}

/** A message's time of day, 24-hour, in the person's zone. */
export const messageTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
