import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { ResultCard, ResultsShell, SearchOnlyShell, StarsFilter } from '~/components/search/page-shell';
import { useShell, useT } from '~/components/shell-context';
import type { loadWeeksResults } from '~/products/weeks/weeks-pages.server';
import { formatWeekDay } from '~/components/dates';
import { WeeksSearchForm } from './weeks-search-form';
import { Stars } from '~/components/stars';
import { weeksSearchParams } from '~/domain/weeks';

const titleKey = { RST: 'weeks.results.title.RST', STY: 'weeks.results.title.STY', WEEKS: 'weeks.results.title.WEEKS', dreamtrips: 'weeks.results.title.dreamtrips' } as const;
const kindKey = { RST: 'weeks.kind.RST', STY: 'weeks.kind.STY' } as const;

/**
 * /{product}/search-details: the weeks search form, then resorts (or stays, or both on
 * /weeks, each labelled with its kind) with their cheapest free week.
 */
export function WeeksResultsView({ page: data }: { page: SerializeFrom<typeof loadWeeksResults> }) {
  const t = useT();
  const { locale } = useShell();
  const { search, scope } = data;
  if (!search) {
    return (
      <SearchOnlyShell>
        <WeeksSearchForm scope={scope} destinations={data.destinations} values={data.values} errors={data.errors} minCheckin={data.minCheckin} headingLevel={1} />
      </SearchOnlyShell>
    );
  }
  const base = weeksSearchParams(search);
  const filtered = new URLSearchParams(base);
  for (const s of data.stars) filtered.append('stars', String(s));
  for (const k of data.kindFilter) filtered.append('kind', k);
  const more = new URLSearchParams(filtered);
  if (data.nextPage) more.set('page', String(data.nextPage));
  const title = t(titleKey[search.collection ?? scope], { destination: data.destination?.name ?? search.destination });
  return (
    <ResultsShell
      title={title}
      searchForm={<WeeksSearchForm scope={scope} destinations={data.destinations} values={search} minCheckin={data.minCheckin} />}
      searchParams={base}
      filters={
        <>
          <StarsFilter checked={data.stars} />
          {data.kinds.length > 1 ? (
            <fieldset>
              <legend>{t('weeks.results.kind')}</legend>
              {data.kinds.map((k) => (
                <label key={k} className="check">
                  <input type="checkbox" name="kind" value={k} defaultChecked={data.kindFilter.includes(k)} />
                  {t(kindKey[k])}
                </label>
              ))}
            </fieldset>
          ) : null}
          <button type="submit" className="button">
            {t('results.apply')}
          </button>
        </>
      }
      countId="weeks-results-count"
      count={t('weeks.results.count', { shown: data.results.length, count: data.total })}
      empty={data.total === 0 ? t('weeks.results.none') : null}
      footer={
        data.nextPage ? (
          <p>
            <Link className="button" to={`?${more.toString()}`} preventScrollReset>
              {t('weeks.results.viewMore')}
            </Link>
          </p>
        ) : null
      }
    >
      {data.results.map((resort) => {
        const link = new URLSearchParams({ resort_id: String(resort.resortId), check_in_date: search.checkIn, weeks: String(search.weeks) });
        // Details and checkout are the resort's or stay's own; "back" returns here.
        if (scope === 'WEEKS') link.set('from', 'weeks');
        if (search.collection) link.set('collection', search.collection);
        return (
          <ResultCard
            key={resort.resortId}
            image={resort.image}
            body={
              <>
                <h3>{resort.name}</h3>
                {scope === 'WEEKS' ? <p className="badge badge-demo">{t(kindKey[resort.kind])}</p> : null}
                <p className="muted">
                  <Stars count={resort.stars} /> · {resort.address}
                </p>
                <p>{t('weeks.results.review', { score: resort.reviewScore.toFixed(1) })}</p>
              </>
            }
            price={
              <>
                {resort.cheapest ? (
                  <>
                    <p className="price-main">{t('weeks.results.from', { price: resort.cheapest.perWeek.text })}</p>
                    <p className="muted">
                      {resort.cheapest.name} · {formatWeekDay(resort.cheapest.checkIn, locale.language)}
                    </p>
                  </>
                ) : (
                  <p>{t('weeks.results.noWeek')}</p>
                )}
                <a className="button button-primary" href={`${resort.path}/details?${link.toString()}`} aria-label={t('weeks.results.view', { resort: resort.name })}>
                  {t('weeks.results.viewWeeks')}
                </a>
              </>
            }
          />
        );
      })}
    </ResultsShell>
  );
}
