import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OrgConfig } from '#schemas/org-config.schema';
import { readConfigFiles } from './config-check.server';
import { templatePreviews } from './config-console.server';

const voyagerpro = readConfigFiles(join(__dirname, '..', '..', '..')).sources.find((s) => s.file === 'org-configs/voyagerpro.json')!.bundle;

describe('templatePreviews', () => {
  it('renders each plan description and booking e-mail with sample values, by the pointer of what it renders', () => {
    const previews = templatePreviews(voyagerpro);
    expect(previews['/org/membership/plans/0/texts/en-US/html']).toEqual({ html: expect.stringContaining('a year after the first') });
    expect(previews['/org/membership/plans/0/texts/en-US/html']).not.toEqual({ html: expect.stringContaining('{{') });
    expect(previews['/org/booking/emails/confirmed/en-US']).toMatchObject({
      subject: 'Your Voyager Pro booking ORG-SAMPLE1 is confirmed',
      text: expect.stringContaining('Dear Ana'),
    });
  });

  it('renders nothing for a template with a problem', () => {
    const broken = structuredClone(voyagerpro);
    const org = broken.org as OrgConfig;
    org.membership.plans![0]!.texts['en-US']!.html = '<script>{{name}}</script>';
    org.booking.emails.confirmed!['en-US']!.subject = '{{unknownValue}}';
    const previews = templatePreviews(broken);
    expect(previews['/org/membership/plans/0/texts/en-US/html']).toBeNull();
    expect(previews['/org/booking/emails/confirmed/en-US']).toBeNull();
  });
});
