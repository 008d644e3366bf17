import { useShell, useT } from '~/components/shell-context';
import { type AmenityCode, type CheckInInstructions, type PropertyPolicies, cancellationSummary, clockTime } from '~/domain/property-content';

/** A property's amenities, by code, in the page's language. */
export function PropertyAmenities({ amenities }: { amenities: readonly AmenityCode[] }) {
  const t = useT();
  return (
    <section className="property-section" aria-labelledby="amenities-title">
      <h2 id="amenities-title">{t('property.amenities')}</h2>
      <ul className="amenity-list">
        {amenities.map((code) => (
          <li key={code}>{t(`property.amenity.${code}`)}</li>
        ))}
      </ul>
    </section>
  );
}

/** The house rules, worded from their fields; the cancellation line comes from the rooms' own terms. */
export function PropertyPoliciesList({ policies, rooms }: { policies: PropertyPolicies; rooms: readonly { refundable: boolean }[] }) {
  const t = useT();
  const { language } = useShell().locale;
  const time = (hhmm: string) => clockTime(hhmm, language);
  const rows: [string, string][] = [
    [
      t('property.policy.checkIn'),
      policies.checkInUntil
        ? t('property.policy.checkInWindow', { from: time(policies.checkInFrom), until: time(policies.checkInUntil) })
        : t('property.policy.checkInAnyTime', { from: time(policies.checkInFrom) }),
    ],
    [t('property.policy.checkOut'), t('property.policy.checkOutBy', { time: time(policies.checkOutBy) })],
    [t('property.policy.cancellation'), t(`property.policy.cancellation.${cancellationSummary(rooms)}`)],
    [t('property.policy.age'), t('property.policy.minAge', { age: policies.minCheckInAge })],
    [t('property.policy.children'), t(`property.policy.children.${policies.children}`)],
    [t('property.policy.pets'), t(`property.policy.pets.${policies.pets}`)],
    [t('property.policy.smoking'), t(`property.policy.smoking.${policies.smoking}`)],
    [t('property.policy.payment'), t(`property.policy.payment.${policies.payAtProperty}`)],
    ...(policies.quietFrom ? ([[t('property.policy.quiet'), t('property.policy.quietFrom', { time: time(policies.quietFrom) })]] as [string, string][]) : []),
  ];
  return (
    <section className="property-section" aria-labelledby="policies-title">
      <h2 id="policies-title">{t('property.policies')}</h2>
      <dl className="policy-list">
        {rows.map(([term, text]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** How to get in: the way of checking in, what to bring, and what to do when arriving late. */
export function PropertyCheckIn({ instructions, policies }: { instructions: CheckInInstructions; policies: PropertyPolicies }) {
  const t = useT();
  const { language } = useShell().locale;
  const from = clockTime(policies.checkInFrom, language);
  const until = policies.checkInUntil ? clockTime(policies.checkInUntil, language) : from;
  return (
    <section className="property-section" aria-labelledby="checkin-title">
      <h2 id="checkin-title">{t('property.checkin')}</h2>
      <p>{t(`property.checkin.${instructions.method}`, { from, until, ...(instructions.noticeHours === null ? {} : { hours: instructions.noticeHours }) })}</p>
      {instructions.bring.length > 0 ? (
        <>
          <p>{t('property.checkin.bring')}</p>
          <ul>
            {instructions.bring.map((item) => (
              <li key={item}>{t(`property.checkin.item.${item}`)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>{t(`property.checkin.late.${instructions.lateArrival}`)}</p>
    </section>
  );
}
