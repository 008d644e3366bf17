import { useT } from '~/components/shell-context';
import { useLinkList } from '~/components/link-list';
import { destinationPath } from '~/domain/destination-path';
import { type BlockProps } from '../block-list';

export default function FeaturedDestinationsBlock({ block, data }: BlockProps<'home.featuredDestinations'>) {
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
