import { useShell, useT } from '~/components/shell-context';
import { useLinkList } from '~/components/link-list';
import { WorldMap } from '~/components/shell/world-map';
import { destinationPath } from '~/domain/destination-path';
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

export function SearchEntryBlock({ block, data }: BlockProps<'home.searchEntry'>) {
  const t = useT();
  const { listProps, prefetchLinks } = useLinkList({ prefetch: 'intent' });
  return (
    <section className="search-entry" aria-labelledby={`${block.id}-title`}>
      <h2 id={`${block.id}-title`}>{t('home.search.title')}</h2>
      <ul className="search-entry-list" {...listProps}>
        {data.links.map((link) => (
          <li key={link.product}>
            {/* The product's icon is the link's ::before, drawn by the cached stylesheet (app.css), not by every page. */}
            <a href={link.path} className="search-entry-link" data-product={link.product}>
              {t(`product.${link.product}` satisfies MessageKey)}
            </a>
          </li>
        ))}
      </ul>
      {prefetchLinks}
    </section>
  );
}

export function MapViewBlock({ block, data }: BlockProps<'home.mapView'>) {
  const t = useT();
  const { listProps } = useLinkList();
  const titleId = `${block.id}-title`;
  return (
    <section className="map-view" aria-labelledby={titleId} data-testid="map-view">
      <h2 id={titleId}>{t('home.map.title')}</h2>
      <div className="map-frame">
        <WorldMap tileMap={data.tileMap} titleId={titleId} description={t('home.map.description', { count: data.destinations.length })} heightPx={block.props?.heightPx ?? 360} />
      </div>
      {data.attribution ? <p className="map-attribution">{data.attribution}</p> : null}
      <h3 className="visually-hidden">{t('home.map.listTitle')}</h3>
      {/* 32 chips: the dot is the list's ::before and the country's style the list's, so each chip is its link and text. */}
      <ul className="map-list" {...listProps}>
        {data.destinations.map((m) => (
          <li key={m.slug}>
            <a href={destinationPath(m.slug, data.stay)}>
              {m.name}
              <span>{` · ${m.country}`}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FeaturedDestinationsBlock({ block, data }: BlockProps<'home.featuredDestinations'>) {
  const t = useT();
  const { listProps } = useLinkList();
  return (
    <section className="featured" aria-labelledby={`${block.id}-title`}>
      <h2 id={`${block.id}-title`}>{t('home.featured.title')}</h2>
      <ul className="card-grid" {...listProps}>
        {data.destinations.map((d) => (
          <li key={d.slug} className="destination-card">
            <img src={d.image} alt="" width={400} height={240} loading="lazy" />
            <div className="destination-body">
              <h3>
                {/* The whole card is the link's target (a stretched ::after), named by the destination alone. */}
                <a href={destinationPath(d.slug, data.stay)} className="destination-link">
                  {d.name}
                </a>
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
