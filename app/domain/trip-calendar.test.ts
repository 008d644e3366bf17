import { describe, expect, it } from 'vitest';
import { parseIcal, prop, unescapeText } from '../../test/support/ical';
import { calendarFileName, escapeText, foldLine, offsetMinutes, tripCalendar } from './trip-calendar';

const now = new Date('2026-11-24T18:00:00Z');
const event = { uid: 'item-1@trips', description: null, startsOn: '2026-12-01', endsOn: '2026-12-08', startTime: null, endTime: null };

describe('tripCalendar', () => {
  it('writes one VEVENT per item; timed items in the destination time zone with its VTIMEZONE', () => {
    const text = tripCalendar({
      name: 'Cancún · Dec 2026',
      timeZone: 'America/Cancun',
      now,
      events: [
        { ...event, summary: 'Hotels: Hotel Azul' },
        { ...event, uid: 'item-2@trips', summary: 'Cars: Nissan Versa (Compact)', startTime: '10:00', endTime: '09:30', description: 'Booked; ref, WAN-1\nsee you' },
      ],
    });
    const calendar = parseIcal(text);
    expect(prop(calendar, 'VERSION')?.value).toBe('2.0');
    expect(unescapeText(prop(calendar, 'X-WR-CALNAME')!.value)).toBe('Cancún · Dec 2026');
    const [zone, ...events] = calendar.components;
    expect(zone).toMatchObject({ type: 'VTIMEZONE' });
    expect(prop(zone!, 'TZID')?.value).toBe('America/Cancun');
    expect(prop(zone!.components[0]!, 'TZOFFSETTO')?.value).toBe('-0500');
    expect(events.map((e) => e.type)).toEqual(['VEVENT', 'VEVENT']);
    expect(prop(events[0]!, 'DTSTART')).toEqual({ name: 'DTSTART', params: { VALUE: 'DATE' }, value: '20261201' });
    expect(prop(events[0]!, 'DTEND')?.value).toBe('20261209');
    expect(prop(events[1]!, 'DTSTART')).toEqual({ name: 'DTSTART', params: { TZID: 'America/Cancun' }, value: '20261201T100000' });
    expect(prop(events[1]!, 'DTEND')).toEqual({ name: 'DTEND', params: { TZID: 'America/Cancun' }, value: '20261208T093000' });
    expect(unescapeText(prop(events[1]!, 'DESCRIPTION')!.value)).toBe('Booked; ref, WAN-1\nsee you');
    expect(prop(events[1]!, 'DTSTAMP')?.value).toBe('20261124T180000Z');
  });

  it('uses floating local times without a known time zone', () => {
    const calendar = parseIcal(tripCalendar({ name: 'Trip', timeZone: null, now, events: [{ ...event, summary: 'Transfers', startTime: '14:00' }] }));
    expect(calendar.components.map((c) => c.type)).toEqual(['VEVENT']);
    expect(prop(calendar.components[0]!, 'DTSTART')).toEqual({ name: 'DTSTART', params: {}, value: '20261201T140000' });
    expect(prop(calendar.components[0]!, 'DTEND')).toBeUndefined();
  });

  it('records a daylight-saving change within the trip in the VTIMEZONE', () => {
    const calendar = parseIcal(
      tripCalendar({ name: 'Trip', timeZone: 'America/New_York', now, events: [{ ...event, summary: 'x', startsOn: '2027-03-12', endsOn: '2027-03-16', startTime: '09:00' }] }),
    );
    const observances = calendar.components[0]!.components;
    expect(observances.map((o) => [o.type, prop(o, 'DTSTART')?.value, prop(o, 'TZOFFSETFROM')?.value, prop(o, 'TZOFFSETTO')?.value])).toEqual([
      ['STANDARD', '19700101T000000', '-0500', '-0500'],
      ['DAYLIGHT', '20270314T020000', '-0500', '-0400'],
    ]);
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
