import { useShell, useT } from '~/components/shell-context';
import type { MessageKey } from '~/i18n';
import type { PaymentLine } from '~/services/booking/bookings.server';
import { numberFormat } from '~/domain/intl-format';

/**
 * How a booking was paid, part by part (issue 11): 'Card $199.50', 'Coupon SAVE25 −$25.00',
 * 'Travel Miles 1,000 points −$10.00'…, each marked when it was refunded. Shared by My bookings
 * and the success page.
 */
export function PaymentParts({ lines }: { lines: readonly PaymentLine[] }) {
  const t = useT();
  const { locale } = useShell();
  if (lines.length === 0) return null;
  const label = (line: PaymentLine) =>
    line.kind === 'points'
      ? t('payment.part.points', { title: line.title, points: numberFormat(locale.language).format(line.points ?? 0) })
      : t(`payment.part.${line.kind}` satisfies MessageKey, { code: line.code });
  return (
    <ul className="payment-parts" aria-label={t('payment.parts')}>
      {lines.map((line, index) => (
        <li key={`${line.kind}-${line.code}-${index}`} className={`payment-part payment-part-${line.status}`}>
          <span>{label(line)}</span> <span className="payment-part-amount">{line.kind === 'card' ? line.amountText : `−${line.amountText}`}</span>
          {line.status === 'refunded' || line.status === 'refund_pending' || line.status === 'applied' ? (
            <span className="muted"> ({t(`payment.part.${line.status}` satisfies MessageKey)})</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
