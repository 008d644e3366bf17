import { describe, expect, it } from 'vitest';
import { tripPayloadOf } from '../../test/support/trip-items';
import { readCalendar } from '../../test/support/ical';
import { type CalendarEvent, calendarFileName, escapeText, foldLine, offsetMinutes, tripCalendar } from './trip-calendar';
import { tripItemView } from './trip-view';

const now = new Date('2026-11-24T18:00:00Z');
const event: Omit<CalendarEvent, 'summary'> = {
  uid: 'item-1@trips',
  description: null,
  startsOn: '2026-12-01',
  endsOn: '2026-12-08',
  startTime: null,
  endTime: null,
  startZone: null,
  endZone: null,
};
const cancun = { startZone: 'America/Cancun', endZone: 'America/Cancun' };

describe('tripCalendar, read back by ical.js', () => {
  it('writes one VEVENT per item; timed items in their zone, with its VTIMEZONE', () => {
    const calendar = readCalendar(
      tripCalendar({
        name: 'Cancún · Dec 2026',
        now,
        events: [
          { ...event, ...cancun, summary: 'Hotels: Hotel Azul' },
          { ...event, ...cancun, uid: 'item-2@trips', summary: 'Cars: Nissan Versa (Compact)', startTime: '10:00', endTime: '09:30', description: 'Booked; ref, WAN-1\nsee you' },
        ],
      }),
    );
    expect(calendar.name).toBe('Cancún · Dec 2026');
    expect(calendar.zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['America/Cancun']);
    expect(calendar.events).toEqual([
      {
        uid: 'item-1@trips',
        summary: 'Hotels: Hotel Azul',
        description: null,
        start: { local: '2026-12-01', zone: null, instant: null },
        end: { local: '2026-12-09', zone: null, instant: null },
      },
      {
        uid: 'item-2@trips',
        summary: 'Cars: Nissan Versa (Compact)',
        description: 'Booked; ref, WAN-1\nsee you',
        // Cancún keeps UTC-5 all year.
        start: { local: '2026-12-01T10:00:00', zone: 'America/Cancun', instant: '2026-12-01T15:00:00.000Z' },
        end: { local: '2026-12-08T09:30:00', zone: 'America/Cancun', instant: '2026-12-08T14:30:00.000Z' },
      },
    ]);
  });

  it('places a flight from one zone to another at its real departure and arrival', () => {
    // Cancún to New York on the morning New York moves to daylight time.
    const departs = '2027-03-14T13:00:00.000Z';
    const arrives = '2027-03-14T17:05:00.000Z';
    const trip = { tripListId: null, tripListName: '', userId: 'u', orgId: 'o', checkinDate: '2027-03-14', checkoutDate: '2027-03-14', tripImage: '' };
    const view = tripItemView('FLT', { ...tripPayloadOf('FLT', trip), bnds: [{ from: 'CUN', to: 'JFK', departs_at: departs, arrives_at: arrives }] });
    const flight: CalendarEvent = {
      ...event,
      summary: 'Flights: CUN → JFK',
      startsOn: view.startDate!,
      endsOn: view.endDate!,
      startTime: view.startTime,
      endTime: view.endTime,
      startZone: view.startZone,
      endZone: view.endZone,
    };
    const [read] = readCalendar(tripCalendar({ name: 'Trip', now, events: [flight] })).events;
    expect(read!.start).toEqual({ local: '2027-03-14T08:00:00', zone: 'America/Cancun', instant: departs });
    expect(read!.end).toEqual({ local: '2027-03-14T13:05:00', zone: 'America/New_York', instant: arrives });
  });

  it('uses floating local times without a known time zone', () => {
    const calendar = readCalendar(tripCalendar({ name: 'Trip', now, events: [{ ...event, summary: 'Transfers', startTime: '14:00' }] }));
    expect(calendar.zones).toEqual([]);
    expect(calendar.events[0]).toMatchObject({ start: { local: '2026-12-01T14:00:00', zone: null }, end: null });
  });

  it('records a daylight-saving change within the trip in the VTIMEZONE', () => {
    const calendar = readCalendar(
      tripCalendar({
        name: 'Trip',
        now,
        events: [
          {
            ...event,
            summary: 'x',
            startsOn: '2027-03-12',
            endsOn: '2027-03-16',
            startTime: '09:00',
            endTime: '09:00',
            startZone: 'America/New_York',
            endZone: 'America/New_York',
          },
        ],
      }),
    );
    const observances = calendar.zones[0]!.getAllSubcomponents();
    expect(
      observances.map((o) => [
        o.name,
        o.getFirstPropertyValue('dtstart')?.toString(),
        o.getFirstPropertyValue('tzoffsetfrom')?.toString(),
        o.getFirstPropertyValue('tzoffsetto')?.toString(),
      ]),
    ).toEqual([
      ['standard', '1970-01-01T00:00:00', '-05:00', '-05:00'],
      ['daylight', '2027-03-14T02:00:00', '-05:00', '-04:00'],
    ]);
    expect(calendar.events[0]).toMatchObject({ start: { instant: '2027-03-12T14:00:00.000Z' }, end: { instant: '2027-03-16T13:00:00.000Z' } });
  });
});

describe('RFC 5545 text', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'ñ'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.every((part) => Buffer.byteLength(part, 'utf8') <= 75)).toBe(true);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('names the file after the trip in safe characters', () => {
    expect(calendarFileName('Cancún · Dec 2026')).toBe('cancun-dec-2026.ics');
    expect(calendarFileName('···')).toBe('trip.ics');
  });

  it('reads a zone offset', () => {
    expect(offsetMinutes('Asia/Kolkata', now)).toBe(330);
    expect(offsetMinutes('America/Cancun', now)).toBe(-300);
  });
});
