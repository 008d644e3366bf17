import { Link } from '@remix-run/react';
import { useShell, useT } from '~/components/shell-context';

/** An ad that names a check-in makes it the searches' default check-in (adsCheckinDate, decision 0053); its code loads when followed. */
function rememberAdCheckin(link: string) {
  void import('~/components/site-cookies').then(({ rememberAdCheckin: remember }) => remember(link));
}

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
              <Link to={ad.banner.link} className="ad-title" discover="none" onClick={() => rememberAdCheckin(ad.banner.link)}>
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
