import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { postJson } from '~/components/post-json';
import { useShell, useT } from '~/components/shell-context';
import { type TripCandidate, candidateTripName } from '~/domain/add-to-trip';

/** A trip as getTripsList answers it (docs/api.md "Trips"). */
type ListedTrip = { trip_id: string; trip_list_name: string; checkin_date: string | null; checkout_date: string | null; role: 'owner' | 'traveller' | 'viewer' };
export type Added = { tripId: string; name: string; owner: boolean };

const NEW_TRIP = 'new';
const messageOf = (body: unknown, status: number) => (body as { message?: string } | null)?.message ?? String(status);

/** Our picture of the item's destination (POST /api/trips/citieimages, spec §7), or '' when there is none or the call fails. */
async function destinationImage(place: string | null, latitude: number | null, longitude: number | null, signal: AbortSignal): Promise<string> {
  if (!place && latitude === null) return '';
  const query = { city: place ?? '', state: '', country: '', latitude: latitude ?? '', longitude: longitude ?? '' };
  const answer = await postJson('/api/trips/citieimages', { json: query }, {}, signal);
  const image = (answer.body as { assets?: { image?: unknown }[] } | null)?.assets?.[0]?.image;
  return answer.status === 200 && typeof image === 'string' ? image : '';
}

/**
 * The "Add to trip" dialog (issue 13): to a new trip (named by the spec §5 rule unless the user
 * types another) or to one of the user's trips near the item's dates (getTripsList, spec §9).
 */
export function AddToTripDialog({ candidate, userId, onClose, onAdded }: { candidate: TripCandidate; userId: string; onClose: () => void; onAdded: (trip: Added) => void }) {
  const t = useT();
  const { org, locale } = useShell();
  const ids = { name: useId(), problem: useId() };
  const [trips, setTrips] = useState<ListedTrip[] | null>(null);
  // A failed load is said as such (never as "no trips near these dates") and can be tried again.
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [choice, setChoice] = useState(NEW_TRIP);
  const [name, setName] = useState(() => candidateTripName(candidate, locale.language));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Asked for when the dialog opens, so a new trip has its picture by the time it is made.
  const image = useRef<Promise<string> | null>(null);

  const { place, coordinates } = candidate;
  const [latitude, longitude] = [coordinates?.latitude ?? null, coordinates?.longitude ?? null];
  useEffect(() => {
    const controller = new AbortController();
    image.current = destinationImage(place, latitude, longitude, controller.signal);
    return () => controller.abort();
  }, [place, latitude, longitude]);

  useEffect(() => {
    const controller = new AbortController();
    setLoadFailed(false);
    setTrips(null);
    void postJson(
      '/api/trips/gettrips/getTripsList',
      { json: { user_id: userId, org_id: org.orgId, checkin_date: candidate.checkin, checkout_date: candidate.checkout } },
      {},
      controller.signal,
    ).then((answer) => {
      if (controller.signal.aborted) return;
      const listed = (answer.body as { data?: unknown } | null)?.data;
      if (answer.status !== 200 || !Array.isArray(listed)) return setLoadFailed(true);
      // A viewer cannot add to a trip.
      setTrips((listed as ListedTrip[]).filter((trip) => trip.role !== 'viewer'));
    });
    return () => controller.abort();
  }, [candidate.checkin, candidate.checkout, org.orgId, userId, attempt]);

  async function add(event: FormEvent) {
    event.preventDefault();
    const existing = trips?.find((trip) => trip.trip_id === choice) ?? null;
    setBusy(true);
    setProblem(null);
    // A new trip gets its destination's picture; an existing one keeps its own.
    const tripImage = existing ? '' : ((await image.current) ?? '');
    const payload = candidate.payload({
      tripListId: existing?.trip_id ?? null,
      tripListName: existing ? '' : name.trim(),
      userId,
      orgId: org.orgId,
      checkinDate: candidate.checkin,
      checkoutDate: candidate.checkout,
      tripImage,
    });
    const answer = await postJson(`/api/trips/${candidate.call}`, { json: payload });
    setBusy(false);
    if (answer.status !== 200) return setProblem(messageOf(answer.body, answer.status));
    const trip = (answer.body as { data: ListedTrip }).data;
    onAdded({ tripId: trip.trip_id, name: trip.trip_list_name, owner: trip.role === 'owner' });
  }

  return (
    <Dialog open title={t('addToTrip.title')} onClose={onClose} closeLabel={t('auth.close')} className="trip-dialog">
      <form className="trip-form" onSubmit={add} aria-describedby={problem ? ids.problem : undefined}>
        <fieldset>
          <legend>{t('addToTrip.which')}</legend>
          <label>
            <input type="radio" name="trip" value={NEW_TRIP} checked={choice === NEW_TRIP} onChange={() => setChoice(NEW_TRIP)} /> {t('addToTrip.newTrip')}
          </label>
          {trips === null && !loadFailed ? <p role="status">{t('addToTrip.loading')}</p> : null}
          {loadFailed ? (
            <div role="alert" className="notice notice-warning">
              <p>{t('addToTrip.loadFailed')}</p>
              <button type="button" className="button button-ghost" onClick={() => setAttempt((n) => n + 1)}>
                {t('addToTrip.retry')}
              </button>
            </div>
          ) : null}
          {trips?.length === 0 ? <p className="muted">{t('addToTrip.none')}</p> : null}
          {trips?.map((trip) => (
            <label key={trip.trip_id}>
              <input type="radio" name="trip" value={trip.trip_id} checked={choice === trip.trip_id} onChange={() => setChoice(trip.trip_id)} /> {trip.trip_list_name}
              {trip.checkin_date ? ` (${trip.checkin_date} – ${trip.checkout_date ?? trip.checkin_date})` : ''}
            </label>
          ))}
        </fieldset>
        {choice === NEW_TRIP ? (
          <div className="form-field">
            <label htmlFor={ids.name}>{t('addToTrip.name')}</label>
            <input id={ids.name} name="trip_list_name" value={name} onChange={(event) => setName(event.target.value)} maxLength={120} required />
          </div>
        ) : null}
        {problem ? (
          <p id={ids.problem} role="alert" className="notice notice-warning">
            {t('addToTrip.failed', { reason: problem })}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('addToTrip.submit')}
        </button>
      </form>
    </Dialog>
  );
}
