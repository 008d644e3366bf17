import { type BlockProps, useMessage } from '../block-list';

export default function HeroBlock({ block }: BlockProps<'home.hero'>) {
  const message = useMessage();
  return (
    <section className="hero" aria-labelledby={`${block.id}-title`}>
      <div className="hero-inner">
        <h1 id={`${block.id}-title`}>{message(block.props.titleKey)}</h1>
        {block.props.subtitleKey ? <p className="hero-subtitle">{message(block.props.subtitleKey)}</p> : null}
      </div>
    </section>
  );
}
