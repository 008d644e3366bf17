import { Link } from '@remix-run/react';
import { useT } from '~/components/shell-context';
import { PLANS_MODAL_LINK } from '~/domain/member-rates';

/** What members pay, shown to a visitor who is not one as a reason to join, with the plans modal a click away (issue 12). */
export function MembersPay({ price }: { price: string }) {
  const t = useT();
  return (
    <p className="members-pay">
      {t('price.membersPay', { price })} <Link to={PLANS_MODAL_LINK}>{t('price.seePlans')}</Link>
    </p>
  );
}
