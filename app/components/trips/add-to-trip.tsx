import { Link, useLocation } from '@remix-run/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useOptionalUser, useT } from '~/components/shell-context';
import { type TripCandidate, noTripItemNote } from '~/domain/add-to-trip';
import type { ConsoleNote } from '~/domain/console-notes';
import { myTripsUrl } from '~/domain/auth-dialog-params';
import { useHydrated } from '~/components/use-hydrated';
import type { Added } from './add-to-trip-dialog';

// The dialogs load when first opened: a details page's visitors mostly never open them.
// So do the console notes' texts (spec §8), needed only when something is missing.
const warnOnConsole = (note: ConsoleNote, detail: string) => void import('~/domain/console-notes').then((notes) => notes.warnOnConsole(note, detail));
const AddToTripDialog = lazy(() => import('./add-to-trip-dialog').then((module) => ({ default: module.AddToTripDialog })));
const TripInviteDialog = lazy(() => import('./trip-invite-dialog').then((module) => ({ default: module.TripInviteDialog })));

/**
 * "Add to trip" on a details page (issue 13): a signed-in user adds the item to a new trip
 * (named by the spec §5 rule unless they type another) or to one of their trips near its dates
 * (getTripsList, spec §9); the owner of the trip may then invite people. Anyone else is asked
 * to sign in first. A page with nothing to add (no candidate) shows no button and says why on
 * the console (spec §8).
 */
export function AddToTrip({ product, candidate }: { product: string; candidate: TripCandidate | null }) {
  const t = useT();
  const user = useOptionalUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const [added, setAdded] = useState<Added | null>(null);
  const [inviting, setInviting] = useState(false);
  const missing = candidate === null;
  useEffect(() => {
    if (missing) warnOnConsole(noTripItemNote(product), `${product} trip`);
  }, [missing, product]);
  if (!candidate) return null;

  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return (
      <p className="add-to-trip">
        <Link
          className="button button-ghost"
          onClick={() => warnOnConsole('notSignedIn', 'sign in to add to a trip')}
          to={`?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(location.search)), login: 'true', redirectTo: here }).toString()}`}
        >
          {t('addToTrip.signIn')}
        </Link>
      </p>
    );
  }
  return (
    <div className="add-to-trip">
      <button type="button" className="button button-ghost" disabled={!hydrated} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('addToTrip.button')}
      </button>
      <p role="status" className="add-to-trip-status">
        {added ? (
          <>
            {t('addToTrip.added', { name: added.name })} <Link to={myTripsUrl(added.tripId)}>{t('addToTrip.viewTrip')}</Link>
          </>
        ) : null}
      </p>
      {added?.owner ? (
        <button type="button" className="button button-ghost" onClick={() => setInviting(true)} aria-haspopup="dialog">
          {t('tripInvite.button')}
        </button>
      ) : null}
      {/* A boundary only once a dialog is asked for: none is there while the page hydrates. */}
      {open ? (
        <Suspense fallback={null}>
          <AddToTripDialog
            candidate={candidate}
            userId={user.userId}
            onClose={() => setOpen(false)}
            onAdded={(trip) => {
              setAdded(trip);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
      {inviting && added ? (
        <Suspense fallback={null}>
          <TripInviteDialog tripId={added.tripId} tripName={added.name} onClose={() => setInviting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
