// A trip as an iCalendar file (issue 13 "Take it along", RFC 5545): one VEVENT per item, in the
// item's own local time: a hotel's, a car desk's, a flight's departure airport for its start and
// arrival airport for its end. Times whose zone is known carry its TZID and the file holds a
// VTIMEZONE for each zone used (RFC 5545 §3.6.5 requires one per TZID); the others are floating
// local times, which every calendar shows as written.
import { addDays } from './trips';
import { dateTimeFormat } from './intl-format';

export type CalendarEvent = {
  uid: string;
  summary: string;
  description: string | null;
  /** 'YYYY-MM-DD' */
  startsOn: string;
  endsOn: string;
  /** 'HH:MM' local times; without a start time the event is all-day. */
  startTime: string | null;
  endTime: string | null;
  /** The IANA zones the start and the end times are local to (a flight's differ); null: unknown. */
  startZone: string | null;
  endZone: string | null;
};

export type TripCalendar = { name: string; events: readonly CalendarEvent[]; now: Date };

/** RFC 5545 §3.3.11: TEXT escapes backslash, semicolon, comma and line breaks. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const utf8 = new TextEncoder();

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    // The first line may hold 75 octets; a continuation's leading space counts among its 75.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basicDate = (day: string) => day.replaceAll('-', '');
const basicDateTime = (day: string, time: string) => `${basicDate(day)}T${time.replace(':', '')}00`;
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The zone's UTC offset at an instant, in minutes east ('+05:30' is 330). */
export function offsetMinutes(timeZone: string, at: Date): number {
  const name =
    dateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = name.match(/GMT([+-])(\d{2}):(\d{2})/);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/**
 * The zone's VTIMEZONE over the days the trip spans: its offset before the trip, and each change
 * of offset (daylight saving) found within, hour by hour, as an observance starting then.
 */
function timeZoneLines(timeZone: string, from: string, to: string): string[] {
  const start = new Date(`${addDays(from, -1)}T00:00:00Z`).getTime();
  const end = new Date(`${addDays(to, 2)}T00:00:00Z`).getTime();
  const first = offsetMinutes(timeZone, new Date(start));
  const offsets = [first];
  const changes: { at: number; from: number; to: number }[] = [];
  for (let at = start + 3_600_000, last = first; at <= end; at += 3_600_000) {
    const offset = offsetMinutes(timeZone, new Date(at));
    if (offset !== last) {
      changes.push({ at, from: last, to: offset });
      offsets.push(offset);
      last = offset;
    }
  }
  const lowest = Math.min(...offsets);
  const observance = (dtstart: string, from: number, to: number) => {
    const kind = to > lowest ? 'DAYLIGHT' : 'STANDARD';
    return [`BEGIN:${kind}`, `DTSTART:${dtstart}`, `TZOFFSETFROM:${offsetText(from)}`, `TZOFFSETTO:${offsetText(to)}`, `END:${kind}`];
  };
  // An observance's DTSTART is the local time (in the offset before it) the change happens.
  const localBefore = (change: { at: number; from: number }) => utcStamp(new Date(change.at + change.from * 60_000)).replace('Z', '');
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance('19700101T000000', first, first),
    ...changes.flatMap((change) => observance(localBefore(change), change.from, change.to)),
    'END:VTIMEZONE',
  ];
}

const tzid = (zone: string | null) => (zone ? `;TZID=${zone}` : '');

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const when =
    event.startTime === null
      ? // All-day: DTEND is exclusive, so the last day is included.
        [`DTSTART;VALUE=DATE:${basicDate(event.startsOn)}`, `DTEND;VALUE=DATE:${basicDate(addDays(event.endsOn, 1))}`]
      : [
          `DTSTART${tzid(event.startZone)}:${basicDateTime(event.startsOn, event.startTime)}`,
          ...(event.endTime !== null ? [`DTEND${tzid(event.endZone)}:${basicDateTime(event.endsOn, event.endTime)}`] : []),
        ];
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    ...when,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    'END:VEVENT',
  ];
}

/** The trip's .ics text (CRLF line ends, folded lines). */
export function tripCalendar({ name, events, now }: TripCalendar): string {
  const stamp = utcStamp(now);
  // Each zone a time refers to, over the days of the events that use it.
  const spans = new Map<string, { from: string; to: string }>();
  const widen = (zone: string | null, from: string, to: string) => {
    if (!zone) return;
    const span = spans.get(zone);
    spans.set(zone, { from: span && span.from < from ? span.from : from, to: span && span.to > to ? span.to : to });
  };
  for (const event of events) {
    if (event.startTime === null) continue;
    widen(event.startZone, event.startsOn, event.endsOn);
    if (event.endTime !== null) widen(event.endZone, event.startsOn, event.endsOn);
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Travel platform//My trips//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    ...[...spans].flatMap(([zone, span]) => timeZoneLines(zone, span.from, span.to)),
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The file's name: the trip's name in safe characters (the header also carries the exact name, RFC 6266). */
export function calendarFileName(name: string): string {
  const safe = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${safe || 'trip'}.ics`;
}
