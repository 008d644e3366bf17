import { Link } from '@remix-run/react';
import { useShell, useT } from '~/components/shell-context';
import { WorldMap } from '~/components/shell/world-map';
import type { MessageKey } from '~/i18n';
import { type BlockProps, useMessage } from './block-list';

export function HeroBlock({ block }: BlockProps<'home.hero'>) {
  const message = useMessage();
  return (
    <section className="hero" aria-labelledby={`${block.id}-title`}>
      <div className="hero-inner">
        <h1 id={`${block.id}-title`}>{message(block.props.titleKey)}</h1>
        {block.props.subtitleKey ? <p className="hero-subtitle">{message(block.props.subtitleKey)}</p> : null}
      </div>
    </section>
  );
}

/** The product icons: small inline drawings, no icon font or external request. */
const icons: Record<string, string> = {
  HLT: 'M3 20V6h2v8h14v6h-2v-3H5v3zm4-7a2 2 0 1 1 0-4 2 2 0 0 1 0 4m3 0V9h7a3 3 0 0 1 3 3v1z',
  FLT: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  CAR: 'M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11v8h-2v-2H7v2H5zm2.5 4a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3m9 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M7 10h10l-1-3H8z',
  ACT: 'M12 2l2.9 6.9L22 9.5l-5.5 4.7L18.2 21 12 17.3 5.8 21l1.7-6.8L2 9.5l7.1-.6z',
  TRF: 'M4 16V6a3 3 0 0 1 3-3h10a3 3 0 0 1 3 3v10a2 2 0 0 1-1 1.7V20h-2v-2H7v2H5v-2.3A2 2 0 0 1 4 16m3.5-1a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3m9 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M6 10h12V6H6z',
  RST: 'M12 3a7 7 0 0 1 7 7h-6v10h-2V10H5a7 7 0 0 1 7-7M3 21h18v-2H3z',
  STY: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3z',
  WEEKS: 'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v11H5z',
  CRUISE: 'M4 14l1-5h4V5h6v4h4l1 5zm-1 2h18l-2 4H5zm7-9v2h4V7z',
};

export function SearchEntryBlock({ block, data }: BlockProps<'home.searchEntry'>) {
  const t = useT();
  return (
    <section className="search-entry" aria-labelledby={`${block.id}-title`}>
      <h2 id={`${block.id}-title`}>{t('home.search.title')}</h2>
      <ul className="search-entry-list">
        {data.links.map((link) => (
          <li key={link.product}>
            <Link to={link.path} className="search-entry-link" prefetch="intent">
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d={icons[link.product] ?? icons.HLT} />
              </svg>
              <span>{t(`product.${link.product}` satisfies MessageKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MapViewBlock({ block, data }: BlockProps<'home.mapView'>) {
  const t = useT();
  const titleId = `${block.id}-title`;
  return (
    <section className="map-view" aria-labelledby={titleId} data-testid="map-view">
      <h2 id={titleId}>{t('home.map.title')}</h2>
      <div className="map-frame">
        <WorldMap
          markers={data.markers}
          titleId={titleId}
          description={t('home.map.description', { count: data.markers.length })}
          heightPx={block.props?.heightPx ?? 360}
          tileServer={data.tileServer}
        />
      </div>
      {data.attribution ? <p className="map-attribution">{data.attribution}</p> : null}
      <h3 className="visually-hidden">{t('home.map.listTitle')}</h3>
      <ul className="map-list">
        {data.markers.map((m) => (
          <li key={m.slug}>
            <Link to={m.href} className="map-chip">
              <span className="map-list-dot" aria-hidden="true" />
              {m.name}
              <span className="muted"> · {m.country}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FeaturedDestinationsBlock({ block, data }: BlockProps<'home.featuredDestinations'>) {
  const t = useT();
  return (
    <section className="featured" aria-labelledby={`${block.id}-title`}>
      <h2 id={`${block.id}-title`}>{t('home.featured.title')}</h2>
      <ul className="card-grid">
        {data.destinations.map((d) => (
          <li key={d.slug} className="destination-card">
            <img src={d.image} alt="" width={400} height={240} loading="lazy" />
            <div className="destination-body">
              <h3>
                {/* The whole card is the link's target (a stretched ::after), named by the destination alone. */}
                <Link to={d.href} className="destination-link">
                  {d.name}
                </Link>
              </h3>
              <p className="muted">{d.country}</p>
              <p className="destination-price" data-testid="price">
                {t('home.featured.from', { price: d.fromPrice.text })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LandingIntroBlock({ block, data }: BlockProps<'landing.intro'>) {
  const t = useT();
  const message = useMessage();
  const { org } = useShell();
  const name = t(`landing.page.${data.slug}` satisfies MessageKey);
  return (
    <section className="hero landing-intro" aria-labelledby={`${block.id}-title`}>
      <div className="hero-inner">
        <h1 id={`${block.id}-title`}>{name}</h1>
        <p className="hero-subtitle">{message(block.props.titleKey)}</p>
        {data.hasSearch ? null : <p>{t('landing.notYet', { product: name.toLocaleLowerCase(), email: org.support.email })}</p>}
      </div>
    </section>
  );
}
