import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useShell, useT } from '~/components/shell-context';
import type { SavedCarSearch } from '~/domain/car-searches';
import { formatWeekDay } from '~/components/dates';
import { loadRecentCarSearches, savedCarSearchParams } from './car-search-storage';

/**
 * The traveller's recent car searches from browser storage, each a link that runs the search
 * again. Storage exists only in the browser, so the list appears after hydration.
 */
export function RecentCarSearches({ today }: { today: string }) {
  const t = useT();
  const { locale } = useShell();
  const [searches, setSearches] = useState<SavedCarSearch[] | null>(null);
  useEffect(() => setSearches(loadRecentCarSearches(today)), [today]);
  if (!searches || searches.length === 0) return null;
  return (
    <section className="car-recent" aria-labelledby="car-recent-title">
      <h2 id="car-recent-title">{t('cars.recent.title')}</h2>
      <ul>
        {searches.map((s) => (
          <li key={`${s.pickUpCode}|${s.dropUpCode}|${s.pickUpDate}|${s.dropOffDate}`}>
            <Link to={`/cars/search-details?${savedCarSearchParams(s).toString()}`}>
              {t('cars.recent.search', { location: s.pickLocation, pickup: formatWeekDay(s.pickUpDate, locale.language), dropoff: formatWeekDay(s.dropOffDate, locale.language) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
