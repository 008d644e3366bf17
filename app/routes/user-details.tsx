import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.user-details';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { type UserDetailsOutcome, type UserDetailsRefusal, parseSavedTraveler, parseUserDetails } from '~/domain/user-details';
import { loadPage } from '~/services/site/page.server';
import { requireUser } from '~/http/require-session.server';
import { addSavedTraveler, deleteSavedTraveler, ownsSavedTraveler, updateSavedTraveler, updateUserDetails } from '~/services/identity/user-details.server';
import { dayIn } from '~/domain/time-zone';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/** A signed-in user's traveller details and saved travellers (spec §2 /user-details). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context.session, request.url);
  return json(await loadPage(context, new URL(request.url).pathname, 'user-details'), { headers: NO_STORE });
}

/**
 * Every change is a plain form post (it works without JavaScript): a refusal answers 400
 * with the field messages and changes nothing; a success redirects to the page, which
 * then says what was done. A traveller id the user does not own is a 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = requireUser(context.session, request.url);
  const form = await request.formData();
  const field = (name: string) => form.get(name);
  const refuse = (refusal: UserDetailsRefusal, status = 400) => json(refusal, { status, headers: NO_STORE });
  const done = (outcome: UserDetailsOutcome) => redirect(`/user-details?done=${outcome}`, { headers: NO_STORE });
  const today = dayIn(context.org.timeZone);
  const travelerFields = () =>
    parseSavedTraveler(
      {
        firstName: field('firstName'),
        lastName: field('lastName'),
        dateOfBirth: field('dateOfBirth'),
        nationality: field('nationality'),
        email: field('email'),
        phone: field('phone'),
      },
      today,
    );
  const notFound = () => new Response('No such traveller.', { status: 404, headers: NO_STORE });

  const intent = field('intent');
  switch (intent) {
    case 'details': {
      const parsed = parseUserDetails({ firstName: field('firstName'), lastName: field('lastName'), phone: field('phone'), nationality: field('nationality') });
      if (!parsed.ok) return refuse({ intent, errors: parsed.errors, values: parsed.values });
      await updateUserDetails({ userPublicId: user.userId, details: parsed.value });
      return done('details');
    }
    case 'add-traveler': {
      const parsed = travelerFields();
      if (!parsed.ok) return refuse({ intent, errors: parsed.errors, values: parsed.values });
      const added = await addSavedTraveler({ userPublicId: user.userId, traveler: parsed.value });
      if (added === 'limit') return refuse({ intent: 'limit' }, 409);
      return done('added');
    }
    case 'edit-traveler': {
      const travelerId = String(field('travelerId') ?? '');
      const parsed = travelerFields();
      // NOTE: an invalid edit of someone else's traveller must not reveal that it exists
      // by answering 400 with its form; check ownership first.
      if (!parsed.ok) {
        if (!(await ownsSavedTraveler({ userPublicId: user.userId, travelerId }))) throw notFound();
        return refuse({ intent, travelerId, errors: parsed.errors, values: parsed.values });
      }
      if (!(await updateSavedTraveler({ userPublicId: user.userId, travelerId, traveler: parsed.value }))) throw notFound();
      return done('updated');
    }
    case 'delete-traveler': {
      if (!(await deleteSavedTraveler({ userPublicId: user.userId, travelerId: String(field('travelerId') ?? '') }))) throw notFound();
      return done('deleted');
    }
    default:
      throw new Response('Unknown intent.', { status: 400, headers: NO_STORE });
  }
}

export default function UserDetailsPage() {
  const { blocks } = useLoaderData<typeof loader>();
  return <div className="profile-page user-details-page">{renderBlocks(BLOCK_VIEWS, blocks)}</div>;
}

export const meta: MetaFunction = (args) => pageMeta(args, 'userDetails');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
