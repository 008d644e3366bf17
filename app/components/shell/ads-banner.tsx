import { Link } from '@remix-run/react';
import { useShell, useT } from '~/components/shell-context';

/** The page's ads (spec §2): only on ads-eligible pages, by the org's rules; the loader decides. */
export function AdsBanner() {
  const { ads } = useShell();
  const t = useT();
  if (ads.length === 0) return null;
  return (
    <aside className="ads-banner" aria-label={t('ads.label')} data-testid="ads-banner">
      <ul className="ads-list">
        {ads.map((ad) => (
          <li key={ad.uuid} className="ad-card" data-petition-type={ad.petitionTypeStr}>
            {/* The title says what the picture shows, so the picture is decorative here. */}
            <img src={ad.banner.image} alt="" width={120} height={80} />
            <div className="ad-text">
              <Link to={ad.banner.link} className="ad-title" discover="none">
                {ad.banner.title}
              </Link>
              <p>{ad.banner.subtitle}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
