import { useT } from '~/components/shell-context';
import { useLinkList } from '~/components/link-list';
import { WorldMap } from '~/components/shell/world-map';
import { destinationPath } from '~/domain/destination-path';
import { type BlockProps } from '../block-list';

export default function MapViewBlock({ block, data }: BlockProps<'home.mapView'>) {
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
