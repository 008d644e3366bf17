import { useT } from '~/components/shell-context';
import { useLinkList } from '~/components/link-list';
import type { MessageKey } from '~/i18n';
import { type BlockProps } from '../block-list';

export default function SearchEntryBlock({ block, data }: BlockProps<'home.searchEntry'>) {
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
