import { PriceLines } from '~/components/price-lines';
import { useT } from '~/components/shell-context';

type Money = { text: string };

/** A week price line by line, in the visitor's currency. */
export function WeeksPriceBreakdown({ price, heading = true }: { price: { perWeek: Money; total: Money; weeks: number; nights: number }; heading?: boolean }) {
  const t = useT();
  return (
    <PriceLines
      heading={heading}
      lines={[
        [t('weeks.price.perWeek'), price.perWeek.text],
        [t('weeks.price.weeks', { weeks: price.weeks, nights: price.nights }), price.total.text],
      ]}
      total={price.total.text}
    />
  );
}
