// The page stack every product's results and details pages share (docs/decisions/0029): the
// heading, the modify-search form, the filters frame, the results list with its count, empty
// state and pending state, and the details page's frame. A product's own views fill the slots
// (its search form, its filters, its result cards, its details body).
import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react';
import { useLinkList } from '~/components/link-list';
import type { ReactNode } from 'react';
import { useT } from '~/components/shell-context';
import { CHOOSE_FIRST_NOTICE, HOLD_RELEASED_NOTICE } from '~/domain/destination-links';

type ResultsShellProps = {
  title: string;
  /** The product's search form, filled in with the search shown (modify search). */
  searchForm: ReactNode;
  /** The search the filters keep (sent again, hidden, with the filters). */
  searchParams: URLSearchParams;
  /** The product's filter fields and its sort/apply controls. */
  filters: ReactNode;
  /** The id of the count heading (scripts and tests name the list by it). */
  countId: string;
  count: string;
  /** Said when there is nothing to book; null when there is. */
  empty: string | null;
  /** The product's result cards. */
  children: ReactNode;
  /** Below the list (e.g. "view more"). */
  footer?: ReactNode;
};

/** A results page: heading, modify search, filters, and the list (busy while the next results load). */
export function ResultsShell({ title, searchForm, searchParams, filters, countId, count, empty, children, footer }: ResultsShellProps) {
  const t = useT();
  const pending = useNavigation().state === 'loading';
  // The cards' links are plain links under one handler (app/components/link-list.tsx).
  const { listProps } = useLinkList();
  return (
    <div className="results-page">
      <h1>{title}</h1>
      {searchForm}
      <div className="results-layout">
        <Form method="get" className="results-filters" aria-label={t('results.filters')}>
          {[...searchParams.entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {filters}
        </Form>
        <section aria-labelledby={countId} className="results-list" aria-busy={pending}>
          <h2 id={countId}>{count}</h2>
          {empty ? <p role="status">{empty}</p> : null}
          <ul {...listProps}>{children}</ul>
          {footer}
        </section>
      </div>
    </div>
  );
}

/** The star-rating filter of the results that have one (hotels, weeks): 5, 4 and 3 stars. */
export function StarsFilter({ checked }: { checked: readonly number[] }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('results.stars')}</legend>
      {[5, 4, 3].map((stars) => (
        <label key={stars} className="check">
          <input type="checkbox" name="stars" value={stars} defaultChecked={checked.includes(stars)} />
          {t('results.starsOption', { count: stars })}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The results page before a search (or with a search to correct): the product's form alone, as the
 * page heading; it says why when a details link without its choice sent the traveller here.
 */
export function SearchOnlyShell({ alert, children }: { alert?: string | null; children: ReactNode }) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <div className="results-page">
      {params.get('notice') === CHOOSE_FIRST_NOTICE ? (
        <p role="status" className="search-notice">
          {t('results.chooseFirst')}
        </p>
      ) : null}
      {params.get('notice') === HOLD_RELEASED_NOTICE ? (
        <p role="status" className="search-notice">
          {t('results.holdReleased')}
        </p>
      ) : null}
      {alert ? (
        <p role="alert" className="field-error">
          {alert}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** One result: its picture, what it is, and its price with the way on to its details. */
export function ResultCard({ className, image, body, price }: { className?: string; image?: string; body: ReactNode; price: ReactNode }) {
  return (
    <li className={className ? `result-card ${className}` : 'result-card'}>
      {image ? <img src={image} alt="" width={160} height={96} loading="lazy" /> : null}
      <div className="result-body">{body}</div>
      <div className="result-price">{price}</div>
    </li>
  );
}

/** A details page: the way back to the results, then the product's details body. */
export function DetailsShell({ className, titleId, back, children }: { className?: string; titleId: string; back: string; children: ReactNode }) {
  const t = useT();
  return (
    <article className={className ? `details-page ${className}` : 'details-page'} aria-labelledby={titleId}>
      <p>
        <Link to={back}>{t('details.backToResults')}</Link>
      </p>
      {children}
    </article>
  );
}

/**
 * The top of a details page: its picture (or a product's own media, e.g. a gallery), its title
 * (the page heading) and what the product says of it.
 */
export function DetailsHeader({ image, titleId, title, children }: { image: string | ReactNode; titleId: string; title: string; children: ReactNode }) {
  return (
    <header className="details-header">
      {typeof image === 'string' ? <img src={image} alt="" width={400} height={240} /> : image}
      <div>
        <h1 id={titleId}>{title}</h1>
        {children}
      </div>
    </header>
  );
}
