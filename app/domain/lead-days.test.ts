import { describe, expect, it } from 'vitest';
import { leadDaysOf } from './lead-days';

describe('leadDaysOf', () => {
  const org = { booking: { minCheckinDays: 2 } };
  it('is the organisation’s for a visitor and for a user without their own', () => {
    expect(leadDaysOf({ org, session: null })).toBe(2);
    expect(leadDaysOf({ org, session: { minCheckinDays: null } })).toBe(2);
  });
  it('is a user’s own when it is raised above the organisation’s, never lowered below it', () => {
    expect(leadDaysOf({ org, session: { minCheckinDays: 7 } })).toBe(7);
    expect(leadDaysOf({ org, session: { minCheckinDays: 0 } })).toBe(2);
  });
});
