// The checkout's "choose a saved traveller" list (docs/decisions/0020): the signed-in user's own
// saved travellers, only the fields the traveller block fills; nobody else's; none for a guest.
import { beforeAll, describe, expect, it } from 'vitest';
import { savedTravelerChoices } from '~/services/booking/checkout.server';
import { addSavedTraveler } from '~/services/identity/user-details.server';
import { useSeededDatabase } from '../support/databases';

const database = useSeededDatabase('pglite');
let member: { userId: string };
let agent: { userId: string };

beforeAll(async () => {
  const find = async (email: string) => ({ userId: (await database.db.selectFrom('users').select('public_id').where('email', '=', email).executeTakeFirstOrThrow()).public_id });
  member = await find('member@wanderly.example');
  agent = await find('agent@wanderly.example');
});

describe('savedTravelerChoices', () => {
  it("lists the user's own saved travellers by name, with only what the checkout's traveller fields take", async () => {
    expect(await savedTravelerChoices(member)).toEqual([]);
    await addSavedTraveler({
      userPublicId: member.userId,
      traveler: { firstName: 'Mara', lastName: 'Quispe', dateOfBirth: '1990-05-17', nationality: 'PE', email: 'mara@example.com', phone: '+51 1 234 5678' },
    });
    await addSavedTraveler({ userPublicId: member.userId, traveler: { firstName: 'Leo', lastName: 'Alba', dateOfBirth: null, nationality: null, email: null, phone: null } });
    const choices = await savedTravelerChoices(member);
    // Sorted by last name; no date of birth or nationality leaves the server.
    expect(choices).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), firstName: 'Leo', lastName: 'Alba', email: null, phone: null },
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), firstName: 'Mara', lastName: 'Quispe', email: 'mara@example.com', phone: '+51 1 234 5678' },
    ]);
    // Another user's list never includes them.
    const ids = choices.map((c) => c.id);
    expect((await savedTravelerChoices(agent)).filter((c) => ids.includes(c.id))).toEqual([]);
  });

  it('offers nothing to a guest', async () => {
    expect(await savedTravelerChoices(null)).toEqual([]);
  });
});
