import { useT } from '~/components/shell-context';

export type TravelerPrefill = { firstName: string; lastName: string; email: string } | null;

/**
 * Who is travelling, on every checkout: prefilled for a signed-in user; a guest (or someone
 * booking for another person) types the traveller's own details.
 */
export function TravelerSection({ traveler }: { traveler: TravelerPrefill }) {
  const t = useT();
  return (
    <section aria-labelledby="traveler-title" className="checkout-traveler">
      <h2 id="traveler-title">{t('checkout.traveler')}</h2>
      <p className="muted" id="traveler-hint">
        {t('checkout.travelerHint')}
      </p>
      {/* The booking submit that sends these comes with payments; until then they are only filled in. */}
      <div className="traveler-form" role="group" aria-labelledby="traveler-title" aria-describedby="traveler-hint">
        <label htmlFor="traveler-first">{t('checkout.firstName')}</label>
        <input id="traveler-first" name="firstName" autoComplete="given-name" defaultValue={traveler?.firstName} required />
        <label htmlFor="traveler-last">{t('checkout.lastName')}</label>
        <input id="traveler-last" name="lastName" autoComplete="family-name" defaultValue={traveler?.lastName} required />
        <label htmlFor="traveler-email">{t('checkout.email')}</label>
        <input id="traveler-email" name="email" type="email" autoComplete="email" defaultValue={traveler?.email} required />
        <label htmlFor="traveler-phone">{t('checkout.phone')}</label>
        <input id="traveler-phone" name="phone" type="tel" autoComplete="tel" />
      </div>
    </section>
  );
}
