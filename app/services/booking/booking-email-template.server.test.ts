import { describe, expect, it } from 'vitest';
import { type BookingEmailValues, bookingEmailTemplateProblem, renderBookingEmail } from './booking-email-template.server';

const values: BookingEmailValues = {
  orgName: 'Wanderly <Travel>',
  firstName: 'Ana & Bo',
  bookingId: 'WAN-ABC123',
  status: 'Confirmed',
  amount: '$1,234.56',
  itinerary: [
    { product: 'Hotels', name: 'Harbour <View>', dates: 'Mar 1 – Mar 4, 2027' },
    { product: 'Cars', name: 'Hertz · SUV', dates: 'Mar 1, 2027' },
  ],
  myBookingsLink: 'https://wanderly.example/user/profile#my-bookings',
  supportEmail: 'help@wanderly.example',
};
const brand = { color: '#0B5FFF', onColor: '#FFFFFF' };

describe('booking e-mail templates', () => {
  it('renders the subject, the text and a branded HTML part in which no value or text adds markup', () => {
    const mail = renderBookingEmail(
      {
        subject: 'Booking {{bookingId}}\n is {{status}}',
        body: 'Hi {{firstName}}, <b>thanks</b>\n\n{{#each itinerary}}{{product}}: {{name}} ({{dates}})\n{{/each}}\n\nPaid: {{amount}}\n\n{{myBookingsLink}}',
      },
      values,
      brand,
    );
    expect(mail.subject).toBe('Booking WAN-ABC123 is Confirmed');
    expect(mail.text).toBe(
      'Hi Ana & Bo, <b>thanks</b>\n\nHotels: Harbour <View> (Mar 1 – Mar 4, 2027)\nCars: Hertz · SUV (Mar 1, 2027)\n\nPaid: $1,234.56\n\nhttps://wanderly.example/user/profile#my-bookings',
    );
    expect(mail.html).toContain('background:#0B5FFF;color:#FFFFFF');
    expect(mail.html).toContain('Wanderly &lt;Travel&gt;');
    expect(mail.html).toContain('<p>Hi Ana &amp; Bo, &lt;b&gt;thanks&lt;/b&gt;</p>');
    expect(mail.html).toContain('<p>Hotels: Harbour &lt;View&gt; (Mar 1 – Mar 4, 2027)<br>Cars: Hertz · SUV (Mar 1, 2027)</p>');
    expect(mail.html).toContain('<a href="https://wanderly.example/user/profile#my-bookings">https://wanderly.example/user/profile#my-bookings</a>');
    expect(mail.html).not.toMatch(/<(b|View)>/);
  });

  it('accepts the known values and the built-in blocks; refuses unknown names, helpers, partials and broken syntax', () => {
    expect(bookingEmailTemplateProblem('{{#if amount}}{{amount}}{{/if}} {{#each itinerary}}{{name}}{{/each}} {{orgName}}')).toBeNull();
    expect(bookingEmailTemplateProblem('Hello {{fristName}}')).toMatch(/invalid template: .*"fristName" not defined/);
    expect(bookingEmailTemplateProblem('{{#each itinerary}}{{price}}{{/each}}')).toMatch(/"price" not defined/);
    expect(bookingEmailTemplateProblem('{{shout orgName}}')).toMatch(/invalid template/);
    expect(bookingEmailTemplateProblem('{{> footer}}')).toBe('partials are not allowed');
    expect(bookingEmailTemplateProblem('{{#if amount}}open')).toMatch(/invalid template/);
  });
});
