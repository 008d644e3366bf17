import Handlebars from 'handlebars';

/**
 * The booking e-mails an organisation writes (org config `booking.emails`, docs/decisions/0033):
 * per final status and language a `subject` and a plain-text `body`, Handlebars templates. The
 * HTML part is made from the rendered body (escaped as a whole, so neither a value nor the
 * organisation's own text can add markup), inside the organisation's branded frame.
 */
export type BookingEmailValues = {
  orgName: string;
  firstName: string;
  bookingId: string;
  status: string;
  amount: string;
  itinerary: { product: string; name: string; dates: string }[];
  myBookingsLink: string;
  supportEmail: string;
};

/** Values that exercise every name a template may use; a config's templates are rendered with them when it loads (and in the console's preview). */
export const SAMPLE_BOOKING_EMAIL: BookingEmailValues = {
  orgName: 'Org',
  firstName: 'Ana',
  bookingId: 'ORG-SAMPLE1',
  status: 'Confirmed',
  amount: '$1.00',
  itinerary: [{ product: 'Hotels', name: 'Hotel · Room', dates: 'Mar 1 – Mar 4, 2027' }],
  myBookingsLink: 'https://org.example/user/profile#my-bookings',
  supportEmail: 'help@org.example',
};

type Render = (values: BookingEmailValues) => string;
const compiled = new Map<string, Render>();

/**
 * The template compiled once (by its text, so every config and reload sharing it shares the
 * work). Strict: a name the values do not have is an error, not an empty string; only the
 * built-in helpers (each, if, unless, with) and no partials.
 */
function compile(template: string): Render {
  let render = compiled.get(template);
  if (!render) {
    const delegate = Handlebars.compile<BookingEmailValues>(template, { strict: true, knownHelpersOnly: true, noEscape: true });
    render = (values) => delegate(values);
    compiled.set(template, render);
  }
  return render;
}

/** Why the template cannot be used, or null when it can: it must compile and render the sample values. */
export function bookingEmailTemplateProblem(template: string): string | null {
  if (template.includes('{{>')) return 'partials are not allowed';
  try {
    compile(template)(SAMPLE_BOOKING_EMAIL);
    return null;
  } catch (error) {
    compiled.delete(template);
    const first = (error as Error).message.split('\n')[0]!;
    return `invalid template: ${first}; the values are ${Object.keys(SAMPLE_BOOKING_EMAIL).join(', ')} (itinerary: each with product, name, dates)`;
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The e-mail of one booking: subject, text and the branded HTML part. */
export function renderBookingEmail(
  template: { subject: string; body: string },
  values: BookingEmailValues,
  brand: { color: string; onColor: string },
): { subject: string; text: string; html: string } {
  const subject = compile(template.subject)(values).replace(/\s+/g, ' ').trim();
  const text = compile(template.body)(values);
  // Blank lines part paragraphs; the My bookings address becomes a link (it is ours, not the author's).
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
    .split(escapeHtml(values.myBookingsLink))
    .join(`<a href="${escapeHtml(values.myBookingsLink)}">${escapeHtml(values.myBookingsLink)}</a>`);
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;margin:0">` +
    `<div style="background:${brand.color};color:${brand.onColor};padding:12px 16px;font-weight:bold">${escapeHtml(values.orgName)}</div>` +
    `<div style="padding:16px">${paragraphs}</div></body></html>`;
  return { subject, text, html };
}
