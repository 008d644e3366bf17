import { useShell, useT } from '~/components/shell-context';

/** On every page an admin previews a draft with (docs/decisions/0063): which draft, and the way out. */
export function PreviewBar() {
  const { preview } = useShell();
  const t = useT();
  if (!preview) return null;
  return (
    <div className="preview-bar" role="status">
      <span>{t('app.preview.bar', { version: preview.versionId })}</span>
      <a href="/admin">{t('app.preview.console')}</a>
      <form method="post" action="/admin/preview">
        <input type="hidden" name="intent" value="stop" />
        <button type="submit">{t('app.preview.exit')}</button>
      </form>
    </div>
  );
}
