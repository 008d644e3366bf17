import { useT } from '~/components/shell-context';
import type { BlockProps } from '../block-list';

export default function LegalDocumentBlock({ data }: BlockProps<'content.legal'>) {
  const t = useT();
  const { document } = data;
  return (
    <article className="legal-document" aria-labelledby="legal-title">
      <h1 id="legal-title">{document.title}</h1>
      <p className="muted">{t('legal.updated', { date: document.updated })}</p>
      {document.sections.map((section) => (
        <section key={section.heading} id={section.anchor}>
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      <p>
        {t('legal.questions')} <a href={`mailto:${data.supportEmail}`}>{data.supportEmail}</a>
      </p>
    </article>
  );
}
