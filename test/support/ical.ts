// Reads an .ics file with ical.js (a real calendar parser, the one Thunderbird uses), after the
// RFC 5545 §3.1 framing checks it is lenient about: CRLF line ends, lines of at most 75 octets.
// The file's VTIMEZONEs are registered, so an event's times resolve through the file's own
// zone rules: `instant` is what a calendar would place the event at.
import ICAL from 'ical.js';

/** §3.1: content lines end in CRLF and are folded at 75 octets. */
function checkFraming(text: string) {
  if (!text.endsWith('\r\n')) throw new Error('the file must end with CRLF');
  for (const line of text.slice(0, -2).split('\r\n')) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`bare line break in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line over 75 octets: ${JSON.stringify(line)}`);
  }
}

export type CalendarTime = {
  /** As the file writes it: 'YYYY-MM-DD' for a date, 'YYYY-MM-DDTHH:MM:SS' for a local time. */
  local: string;
  /** The TZID it is in; null for a date or a floating time. */
  zone: string | null;
  /** The UTC instant a calendar places it at, through the file's VTIMEZONE; null for a date or a floating time. */
  instant: string | null;
};
export type CalendarEvent = { uid: string; summary: string; description: string | null; start: CalendarTime; end: CalendarTime | null };
export type Calendar = { name: string | null; zones: ICAL.Component[]; events: CalendarEvent[] };

function timeOf(time: ICAL.Time | null): CalendarTime | null {
  if (!time) return null;
  const zone = time.isDate || !time.zone || time.zone === ICAL.Timezone.localTimezone ? null : time.zone.tzid;
  return { local: time.toString(), zone, instant: zone ? time.toJSDate().toISOString() : null };
}

export function readCalendar(text: string): Calendar {
  checkFraming(text);
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== 'vcalendar') throw new Error(`not a VCALENDAR: ${root.name}`);
  const zones = root.getAllSubcomponents('vtimezone');
  // Before any time is read: a TZID resolves against the registered zones.
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = root.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const tzid = component.getFirstProperty('dtstart')?.getParameter('tzid');
    if (typeof tzid === 'string' && !zones.some((zone) => zone.getFirstPropertyValue('tzid') === tzid)) throw new Error(`TZID ${tzid} has no VTIMEZONE`);
    const description = component.getFirstPropertyValue('description');
    return {
      uid: event.uid,
      summary: event.summary,
      description: typeof description === 'string' ? description : null,
      start: timeOf(event.startDate)!,
      end: component.hasProperty('dtend') ? timeOf(event.endDate) : null,
    };
  });
  const name = root.getFirstPropertyValue('x-wr-calname');
  return { name: typeof name === 'string' ? name : null, zones, events };
}
