import { useRevalidator } from '@remix-run/react';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { CardBrandIcon } from '~/components/payments/card-brand-icon';
import { deleteCard, setDefaultCard, updateCardNickname } from '~/components/payments/card-service.client';
import { useT } from '~/components/shell-context';
import { type CardPGV2, NICKNAME_MAX_LENGTH, brandLabel, checkNickname, expiryMMYY, maskCardNumber } from '~/domain/saved-cards';
import type { BlockProps } from '../block-list';

type Card = Pick<CardPGV2, 'id' | 'nick_name' | 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'is_default'>;

type Open = { kind: 'default' | 'delete' | 'nickname'; card: Card } | null;

/** The profile's saved cards (spec §2 "Saved-card dialogs"): set as default, delete, edit nickname. */
export default function SavedCardsBlock({ data }: BlockProps<'profile.savedCards'>) {
  const t = useT();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState('');
  if (!data.enabled) return null;
  const { email, apiKey } = data;
  const cardName = (card: Card) => t('cards.endingIn', { brand: brandLabel(card.brand), last4: card.last4 });
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
    revalidator.revalidate();
  };

  return (
    <section className="saved-cards" aria-labelledby="saved-cards-title">
      <h2 id="saved-cards-title">{t('cards.title')}</h2>
      <p role="status" className="saved-cards-notice">
        {notice}
      </p>
      {data.cards.length === 0 ? (
        <p>{t('cards.empty')}</p>
      ) : (
        <ul className="saved-card-list">
          {data.cards.map((card) => (
            <li key={card.id} className="saved-card">
              <CardBrandIcon brand={card.brand} />
              <div className="saved-card-facts">
                <p className="saved-card-number">
                  {maskCardNumber(card.last4)}
                  {card.is_default ? <span className="badge saved-card-default">{t('cards.default')}</span> : null}
                </p>
                <p className="saved-card-meta">
                  <span>{t('cards.expires', { date: expiryMMYY(card.exp_month, card.exp_year) })}</span>
                  <span className={card.nick_name ? 'saved-card-nickname' : 'saved-card-nickname muted'}>{card.nick_name ?? t('cards.noNickname')}</span>
                </p>
              </div>
              <div className="saved-card-actions">
                {card.is_default ? null : (
                  <button
                    type="button"
                    className="button button-ghost"
                    aria-label={`${t('cards.setDefault')}: ${cardName(card)}`}
                    onClick={() => setOpen({ kind: 'default', card })}
                  >
                    {t('cards.setDefault')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={`${t('cards.editNickname')}: ${cardName(card)}`}
                  onClick={() => setOpen({ kind: 'nickname', card })}
                >
                  {t('cards.editNickname')}
                </button>
                <button type="button" className="button button-ghost" aria-label={`${t('cards.delete')}: ${cardName(card)}`} onClick={() => setOpen({ kind: 'delete', card })}>
                  {t('cards.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open?.kind === 'default' ? (
        <ConfirmDialog
          title={t('cards.setDefault.title')}
          text={t('cards.setDefault.text', { card: cardName(open.card) })}
          confirmLabel={t('cards.setDefault')}
          onClose={() => setOpen(null)}
          run={async () => {
            const answer = await setDefaultCard({ cardId: open.card.id, email, apiKey });
            // Spec §5: only status_code 200 is success.
            if (answer?.status_code !== 200) return false;
            done(t('cards.done.default', { card: cardName(open.card) }));
            return true;
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('cards.delete.title')}
          text={t('cards.delete.text', { card: cardName(open.card) })}
          confirmLabel={t('cards.delete')}
          onClose={() => setOpen(null)}
          run={async () => {
            const answer = await deleteCard({ cardId: open.card.id, email });
            if (answer?.status_code !== 200) return false;
            done(t('cards.done.deleted', { card: cardName(open.card) }));
            return true;
          }}
        />
      ) : null}
      {open?.kind === 'nickname' ? (
        <NicknameDialog
          card={open.card}
          onClose={() => setOpen(null)}
          save={async (nickName) => {
            const answer = await updateCardNickname({ cardId: open.card.id, email, nickName });
            if (answer?.status_code !== 200) return false;
            done(t('cards.done.renamed'));
            return true;
          }}
        />
      ) : null}
    </section>
  );
}

function ConfirmDialog({ title, text, confirmLabel, onClose, run }: { title: string; text: string; confirmLabel: string; onClose: () => void; run: () => Promise<boolean> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Dialog open title={title} description={text} onClose={onClose} closeLabel={t('cards.close')} className="saved-card-dialog">
      {failed ? (
        <p role="alert" className="field-error saved-card-error">
          {t('cards.failed')}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('cards.cancel')}
        </button>
        <button
          type="button"
          className="button button-primary"
          aria-disabled={busy || undefined}
          onClick={async () => {
            if (busy) return;
            setBusy(true);
            setFailed(false);
            const ok = await run();
            if (!ok) {
              setFailed(true);
              setBusy(false);
            }
          }}
        >
          {busy ? t('cards.saving') : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

function NicknameDialog({ card, onClose, save }: { card: Card; onClose: () => void; save: (nickName: string) => Promise<boolean> }) {
  const t = useT();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(card.nick_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkNickname(value);
    if (!checked.ok) {
      setError(t('cards.nickname.required'));
      return;
    }
    setBusy(true);
    setError(null);
    if (!(await save(checked.value))) {
      setError(t('cards.failed'));
      setBusy(false);
    }
  };
  return (
    <Dialog open title={t('cards.nickname.title')} onClose={onClose} closeLabel={t('cards.close')} className="saved-card-dialog">
      <form onSubmit={submit} noValidate>
        <label className="field-label" htmlFor={inputId}>
          {t('cards.nickname.label')}
        </label>
        <input
          id={inputId}
          className="input"
          type="text"
          name="nick_name"
          autoComplete="off"
          required
          aria-required="true"
          maxLength={NICKNAME_MAX_LENGTH}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('cards.cancel')}
          </button>
          <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
            {busy ? t('cards.saving') : t('cards.nickname.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
