import { Form, Link, useLocation, useNavigate } from '@remix-run/react';
import { type ReactNode, createContext, useContext, useEffect, useId, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { useShell, useT } from '~/components/shell-context';

/** `?preferences=open` opens the dialog, so the header button works without JavaScript. */
export const PREFERENCES_PARAM = 'preferences';

type Opener = { open: boolean; setOpen: (open: boolean) => void };
const LocaleDialogContext = createContext<Opener>({ open: false, setOpen: () => {} });

function pathWithout(pathname: string, search: string, param: string): string {
  const params = new URLSearchParams(search);
  params.delete(param);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function pathWith(pathname: string, search: string, param: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(param, value);
  return `${pathname}?${params.toString()}`;
}

/** Holds the dialog's open state; the URL parameter decides it on the server and on arrival. */
export function LocaleDialogProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const fromUrl = new URLSearchParams(search).get(PREFERENCES_PARAM) === 'open';
  const [open, setOpen] = useState(fromUrl);
  useEffect(() => setOpen(fromUrl), [fromUrl]);
  return <LocaleDialogContext.Provider value={{ open, setOpen }}>{children}</LocaleDialogContext.Provider>;
}

/** Two-letter language code for the header button: 'es-MX' → 'ES'. */
const shortLanguage = (code: string) => code.slice(0, 2).toUpperCase();

/** The header's 'EN · USD' button: a link to `?preferences=open`, opened in place with JavaScript. */
export function LocaleButton() {
  const { locale } = useShell();
  const t = useT();
  const { pathname, search } = useLocation();
  const { setOpen } = useContext(LocaleDialogContext);
  return (
    // A plain link (it is in the header twice): without the script it opens the dialog through the URL.
    <a
      href={pathWith(pathname, search, PREFERENCES_PARAM, 'open')}
      className="locale-button"
      aria-haspopup="dialog"
      onClick={(event) => {
        event.preventDefault();
        setOpen(true);
      }}
    >
      {/* Single text nodes: no React join markers in a button every page has twice. */}
      <span className="visually-hidden">{`${t('locale.buttonLabel')} `}</span>
      <span className="locale-globe" aria-hidden="true" />
      {`${shortLanguage(locale.language)} · ${locale.currency}`}
    </a>
  );
}

const matches = (query: string, ...texts: string[]) => {
  const q = query.trim().toLocaleLowerCase();
  return q === '' || texts.some((text) => text.toLocaleLowerCase().includes(q));
};

/** Spec: 'Select your language & currency', with a search box and an Apply button. */
export function LocaleDialog() {
  const { languages, currencies, locale } = useShell();
  const t = useT();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { open, setOpen } = useContext(LocaleDialogContext);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const returnTo = pathWithout(pathname, search, PREFERENCES_PARAM);

  const close = () => {
    setOpen(false);
    setQuery('');
    // Opened from the URL: take the parameter off so a reload does not reopen it.
    if (new URLSearchParams(search).has(PREFERENCES_PARAM)) navigate(returnTo, { replace: true, preventScrollReset: true });
  };

  // Closed, as on almost every page: nothing to build.
  if (!open) return null;
  const shownLanguages = languages.filter((l) => matches(query, l.name, l.code));
  const shownCurrencies = currencies.filter((c) => matches(query, c.name, c.code));

  return (
    <Dialog open={open} title={t('locale.title')} onClose={close} closeHref={returnTo} closeLabel={t('locale.close')} className="locale-dialog">
      <Form
        method="post"
        action="/resources/preferences"
        className="locale-form"
        onSubmit={() => {
          setOpen(false);
          setQuery('');
        }}
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <label htmlFor={searchId} className="field-label">
          {t('locale.search')}
        </label>
        <input id={searchId} type="search" className="input" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        <div className="locale-groups">
          <fieldset className="choice-group">
            <legend>{t('locale.language')}</legend>
            {languages.map((l) => (
              <label key={l.code} className="choice" hidden={!shownLanguages.includes(l)}>
                <input type="radio" name="language" value={l.code} defaultChecked={l.code === locale.language} />
                <span>{l.name}</span>
              </label>
            ))}
            {shownLanguages.length === 0 ? <p className="muted">{t('locale.noMatches')}</p> : null}
          </fieldset>
          <fieldset className="choice-group">
            <legend>{t('locale.currency')}</legend>
            {currencies.map((c) => (
              <label key={c.code} className="choice" hidden={!shownCurrencies.includes(c)}>
                <input type="radio" name="currency" value={c.code} defaultChecked={c.code === locale.currency} />
                <span className="flag" aria-hidden="true">
                  {c.flag}
                </span>
                <span>
                  {c.name} ({c.code})
                </span>
              </label>
            ))}
            {shownCurrencies.length === 0 ? <p className="muted">{t('locale.noMatches')}</p> : null}
          </fieldset>
        </div>
        <div className="dialog-actions">
          {/* Without JavaScript the × button cannot close the dialog; this link can. */}
          <Link
            to={returnTo}
            className="button button-ghost"
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              close();
            }}
          >
            {t('locale.close')}
          </Link>
          <button type="submit" className="button button-primary">
            {t('locale.apply')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
