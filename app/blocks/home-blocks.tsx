import { Link } from '@remix-run/react';
import { useT } from '~/components/shell-context';
import type { BlockProps } from './registry';

export function HeroBlock({ block }: BlockProps<'home.hero'>) {
  const t = useT();
  return (
    <section className="hero" aria-labelledby={`${block.id}-title`}>
      <h1 id={`${block.id}-title`}>{t(block.props.titleKey as Parameters<typeof t>[0])}</h1>
      {block.props.subtitleKey ? <p>{t(block.props.subtitleKey as Parameters<typeof t>[0])}</p> : null}
    </section>
  );
}

export function SearchEntryBlock({ data }: BlockProps<'home.searchEntry'>) {
  return (
    <nav className="search-entry" aria-label="Products">
      <ul>
        {data.products.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </nav>
  );
}

export function MapViewBlock({ block, data }: BlockProps<'home.mapView'>) {
  return (
    <section className="map-view" aria-labelledby={`${block.id}-title`} data-testid="map-view">
      <h2 id={`${block.id}-title`}>Destinations</h2>
      <ul>
        {data.markers.map((m) => (
          <li key={m.slug}>{m.name}</li>
        ))}
      </ul>
    </section>
  );
}

export function FeaturedDestinationsBlock({ block, data }: BlockProps<'home.featuredDestinations'>) {
  return (
    <section aria-labelledby={`${block.id}-title`}>
      <h2 id={`${block.id}-title`}>Featured destinations</h2>
      <ul>
        {data.destinations.map((d) => (
          <li key={d.slug}>
            {d.name} <span data-testid="price">{d.fromPrice.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LandingIntroBlock({ block, data }: BlockProps<'landing.intro'>) {
  const t = useT();
  return (
    <section aria-labelledby={`${block.id}-title`}>
      <h1 id={`${block.id}-title`}>{t(block.props.titleKey as Parameters<typeof t>[0])}</h1>
      <p>
        <Link to="/">{data.product}</Link>
      </p>
    </section>
  );
}
