import { sql } from 'kysely';
import { type SavedTravelerInput, type UserDetails, canSaveAnotherTraveler } from '~/domain/user-details';
import { getDb } from '../platform/db.server';
import { keptUntilChanged } from '../platform/kept-until-changed.server';

/*
 * The user's own traveller details and saved travellers. Every function takes the owner's
 * public id from the session and every query is scoped to it: a traveller of another user
 * is simply not found, so no caller can read or change it.
 */

export type SavedTraveler = SavedTravelerInput & { id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a saved traveller id at all (PostgreSQL refuses a malformed uuid loudly). */
export function isTravelerId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export async function getUserDetails({ userPublicId }: { userPublicId: string }) {
  return getDb()
    .selectFrom('users')
    .select(['first_name as firstName', 'last_name as lastName', 'email', 'phone', 'nationality'])
    .where('public_id', '=', userPublicId)
    .executeTakeFirstOrThrow();
}

export async function updateUserDetails({ userPublicId, details }: { userPublicId: string; details: UserDetails }): Promise<void> {
  await getDb()
    .updateTable('users')
    .set({ first_name: details.firstName, last_name: details.lastName, phone: details.phone, nationality: details.nationality })
    .where('public_id', '=', userPublicId)
    .execute();
}

const MAX_KEPT_TRAVELER_LISTS = 10_000;

/**
 * Each user's saved travellers as read, kept until any statement on saved_travelers (migration
 * 0030_checkout_notices, decision 0047): every checkout offers them.
 */
const keptTravelers = keptUntilChanged<SavedTraveler[]>('saved-travelers', ['saved_travelers'], MAX_KEPT_TRAVELER_LISTS);

/** The user's saved travellers, by name (read-only: kept, decision 0047). */
export async function listSavedTravelers({ userPublicId }: { userPublicId: string }): Promise<readonly SavedTraveler[]> {
  return keptTravelers.get(userPublicId, () =>
    getDb()
      .selectFrom('saved_travelers')
      .select(['public_id as id', 'first_name as firstName', 'last_name as lastName', 'date_of_birth as dateOfBirth', 'nationality', 'email', 'phone'])
      .where('user_id', '=', ownerId(userPublicId))
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute(),
  );
}

/** Saves one more traveller, unless the user already has the most allowed. */
export async function addSavedTraveler({ userPublicId, traveler }: { userPublicId: string; traveler: SavedTravelerInput }): Promise<'added' | 'limit'> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // Locking the owner's row makes two simultaneous additions count one after the other.
      const owner = await trx.selectFrom('users').select('id').where('public_id', '=', userPublicId).forUpdate().executeTakeFirstOrThrow();
      const { count } = await trx
        .selectFrom('saved_travelers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      if (!canSaveAnotherTraveler(Number(count))) return 'limit';
      await trx
        .insertInto('saved_travelers')
        .values({ user_id: owner.id, ...columns(traveler) })
        .execute();
      return 'added';
    });
}

export async function ownsSavedTraveler({ userPublicId, travelerId }: { userPublicId: string; travelerId: string }): Promise<boolean> {
  if (!isTravelerId(travelerId)) return false;
  const row = await getDb().selectFrom('saved_travelers').select('id').where('public_id', '=', travelerId).where('user_id', '=', ownerId(userPublicId)).executeTakeFirst();
  return row !== undefined;
}

/** Changes one of the user's travellers; false when the user has no traveller with that id. */
export async function updateSavedTraveler({ userPublicId, travelerId, traveler }: { userPublicId: string; travelerId: string; traveler: SavedTravelerInput }): Promise<boolean> {
  if (!isTravelerId(travelerId)) return false;
  const result = await getDb()
    .updateTable('saved_travelers')
    .set({ ...columns(traveler), updated_at: sql<Date>`now()` })
    .where('public_id', '=', travelerId)
    .where('user_id', '=', ownerId(userPublicId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes one of the user's travellers; false when the user has no traveller with that id. */
export async function deleteSavedTraveler({ userPublicId, travelerId }: { userPublicId: string; travelerId: string }): Promise<boolean> {
  if (!isTravelerId(travelerId)) return false;
  const result = await getDb().deleteFrom('saved_travelers').where('public_id', '=', travelerId).where('user_id', '=', ownerId(userPublicId)).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

function ownerId(userPublicId: string) {
  return getDb().selectFrom('users').select('id').where('public_id', '=', userPublicId);
}

function columns(traveler: SavedTravelerInput) {
  return {
    first_name: traveler.firstName,
    last_name: traveler.lastName,
    date_of_birth: traveler.dateOfBirth,
    nationality: traveler.nationality,
    email: traveler.email,
    phone: traveler.phone,
  };
}
