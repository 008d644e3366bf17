import { useShell, useT } from '~/components/shell-context';
import type { MessageKey } from '~/i18n';
import { type BlockProps, useMessage } from '../block-list';

export default function LandingIntroBlock({ block, data }: BlockProps<'landing.intro'>) {
  const t = useT();
  const message = useMessage();
  const { org } = useShell();
  const name = t(`landing.page.${data.slug}` satisfies MessageKey);
  return (
    <section className="hero landing-intro" aria-labelledby={`${block.id}-title`}>
      <div className="hero-inner">
        <h1 id={`${block.id}-title`}>{name}</h1>
        <p className="hero-subtitle">{message(block.props.titleKey)}</p>
        {data.hasSearch ? null : <p>{t('landing.notYet', { product: name.toLocaleLowerCase(), email: org.support.email })}</p>}
      </div>
    </section>
  );
}
