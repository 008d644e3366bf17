import { type KeyboardEvent, useState } from 'react';
import { useT } from '~/components/shell-context';
import { type ImageKind, propertyImageUrl } from '~/domain/property-content';

/**
 * A property's photos: one large, the others as thumbnails. Keyboard: the large photo takes the
 * focus and the arrow keys (Home, End) move through the photos; the buttons do the same.
 */
export function PropertyGallery({ slug, name, images }: { slug: string; name: string; images: readonly ImageKind[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const shown = images[index] ?? images[0];
  if (!shown) return null;
  const alt = (kind: ImageKind) => t(`property.image.${kind}`, { name });
  const go = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]!);
  };
  const position = t('property.photos.position', { n: index + 1, count });
  return (
    <section className="property-gallery" aria-label={t('property.photos')}>
      {/* A fixed name: the live position below is what announces each move, once. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex -- the focusable stage takes the arrow keys, Home and End to move between photos (the buttons do the same for a pointer) */}
      <div className="gallery-stage" tabIndex={0} role="group" aria-label={t('property.photos')} aria-describedby="gallery-help" onKeyDown={onKeyDown}>
        <img src={propertyImageUrl(slug, shown)} alt={alt(shown)} width={400} height={240} />
      </div>
      <p id="gallery-help" className="visually-hidden">
        {t('property.photos.help')}
      </p>
      <div className="gallery-controls">
        <button type="button" className="button" onClick={() => go(index - 1)} aria-label={t('property.photos.previous')}>
          ‹
        </button>
        <p aria-live="polite">{position}</p>
        <button type="button" className="button" onClick={() => go(index + 1)} aria-label={t('property.photos.next')}>
          ›
        </button>
      </div>
      <ul className="gallery-thumbs">
        {images.map((kind, i) => (
          <li key={kind}>
            <button type="button" aria-pressed={i === index} onClick={() => setIndex(i)}>
              <img src={propertyImageUrl(slug, kind)} alt={alt(kind)} width={64} height={38} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
