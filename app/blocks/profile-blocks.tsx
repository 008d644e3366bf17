import type { BlockProps } from './registry';

export function ProfileSummaryBlock({ data }: BlockProps<'profile.summary'>) {
  if (!data.user) return null;
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">{data.user.userName}</h1>
      <p>{data.user.email}</p>
    </section>
  );
}

export function MembershipBlock({ data }: BlockProps<'profile.membership'>) {
  return (
    <section aria-labelledby="membership-title">
      <h2 id="membership-title">Membership</h2>
      {data.subscription ? <p>{data.subscription.plan_name} — {data.subscription.plan_status}</p> : <p>No membership plan yet.</p>}
    </section>
  );
}

export function ImpersonationBlock({ data }: BlockProps<'profile.impersonation'>) {
  return (
    <section aria-labelledby="impersonation-title">
      <h2 id="impersonation-title">Sign in as a customer</h2>
      <ul>
        {data.candidates.map((c) => (
          <li key={c.userId}>{c.name}</li>
        ))}
      </ul>
    </section>
  );
}

export function TripsListBlock(_props: BlockProps<'trips.list'>) {
  return (
    <section aria-labelledby="trips-title">
      <h1 id="trips-title">My trips</h1>
      <p>You have no trips yet.</p>
    </section>
  );
}
