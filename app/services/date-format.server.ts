import { DATE_FORMAT_USR_TYPE, type DateFormat, dateFormatOrDefault } from '~/domain/date-format';
import { getDb } from './db.server';

/**
 * The date-format lookup (spec §6: usr_type 2 is sent with it): the user's chosen format as a
 * user of `usrType`, else 'DD/MM/YYYY'. A user of another type has no consumer date format and
 * gets the default.
 */
export async function lookupDateFormat({ userDbId, usrType = DATE_FORMAT_USR_TYPE }: { userDbId: number; usrType?: number }): Promise<DateFormat> {
  const row = await getDb().selectFrom('users').select('date_format').where('id', '=', userDbId).where('usr_type', '=', usrType).executeTakeFirst();
  return dateFormatOrDefault(row?.date_format);
}
