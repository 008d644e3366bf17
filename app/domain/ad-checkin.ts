// The check-in of an ad a visitor followed (spec cookies: adsCheckinDate; decision 0053). Pure.
/** The cookie naming the check-in of the ad a visitor followed (spec cookies: adsCheckinDate; decision 0053). */
export const ADS_CHECKIN_COOKIE = 'adsCheckinDate';

/** The check-in an ad's link carries ('YYYY-MM-DD' in its `checkin`), or null. */
export function checkinOfAdLink(link: string): string | null {
  const query = link.indexOf('?');
  const checkin = query === -1 ? null : new URLSearchParams(link.slice(query + 1)).get('checkin');
  return checkin !== null && /^\d{4}-\d{2}-\d{2}$/.test(checkin) ? checkin : null;
}

/** An ad's check-in as a search's default: a well-formed day that can still be booked (not before `minCheckin`), else null. */
export function adCheckin(value: string | undefined, minCheckin: string): string | null {
  return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && value >= minCheckin ? value : null;
}
