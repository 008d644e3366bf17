import type { SerializeFrom } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useShell, useT } from '~/components/shell-context';
import type { loadWeeksResults } from '~/services/weeks-pages.server';
import { WeeksSearchForm, formatWeekDay } from './weeks-search-form';
import { Stars } from '~/components/stars';

type Data = SerializeFrom<typeof loadWeeksResults>;

const searchParamsOf = (search: NonNullable<Data['search']>) =>
  new URLSearchParams({ destination: search.destination, check_in_date: search.checkIn, weeks: String(search.weeks) });

/** /{product}/search-details: the weeks search form, then resorts with their cheapest free week. */
export function WeeksResultsPage() {
  const data = useLoaderData<Data>();
  const t = useT();
  const { locale } = useShell();
  const { search, kind } = data;
  if (!search) {
    return <WeeksSearchForm kind={kind} destinations={data.destinations} values={data.values} errors={data.errors} minCheckin={data.minCheckin} headingLevel={1} />;
  }
  const base = searchParamsOf(search);
  const filtered = new URLSearchParams(base);
  for (const s of data.stars) filtered.append('stars', String(s));
  const more = new URLSearchParams(filtered);
  if (data.nextPage) more.set('page', String(data.nextPage));
  const title = t(kind === 'RST' ? 'weeks.results.title.RST' : 'weeks.results.title.STY', { destination: data.destination?.name ?? search.destination });
  return (
    <div className="results-page">
      <h1>{title}</h1>
      <WeeksSearchForm kind={kind} destinations={data.destinations} values={search} minCheckin={data.minCheckin} />
      <div className="results-layout">
        <Form method="get" className="results-filters" aria-label={t('results.filters')}>
          {[...base.entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset>
            <legend>{t('results.stars')}</legend>
            {[5, 4, 3].map((stars) => (
              <label key={stars} className="check">
                <input type="checkbox" name="stars" value={stars} defaultChecked={data.stars.includes(stars)} />
                {t('results.starsOption', { count: stars })}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button">
            {t('results.apply')}
          </button>
        </Form>
        <section aria-labelledby="weeks-results-count" className="results-list">
          <h2 id="weeks-results-count">{t('weeks.results.count', { shown: data.results.length, count: data.total })}</h2>
          {data.total === 0 ? <p role="status">{t('weeks.results.none')}</p> : null}
          <ul>
            {data.results.map((resort) => {
              const link = new URLSearchParams({ resort_id: String(resort.resortId), check_in_date: search.checkIn, weeks: String(search.weeks) });
              return (
                <li key={resort.resortId} className="result-card">
                  <img src={resort.image} alt="" width={160} height={96} loading="lazy" />
                  <div className="result-body">
                    <h3>{resort.name}</h3>
                    <p className="muted">
                      <Stars count={resort.stars} /> · {resort.address}
                    </p>
                    <p>{t('weeks.results.review', { score: resort.reviewScore.toFixed(1) })}</p>
                  </div>
                  <div className="result-price">
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
                    <Link className="button button-primary" to={`${data.path}/details?${link.toString()}`} aria-label={t('weeks.results.view', { resort: resort.name })}>
                      {t('weeks.results.viewWeeks')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
          {data.nextPage ? (
            <p>
              <Link className="button" to={`?${more.toString()}`} preventScrollReset>
                {t('weeks.results.viewMore')}
              </Link>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
