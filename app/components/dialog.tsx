import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';

type DialogProps = {
  open: boolean;
  title: ReactNode;
  /** Called on the close button, Escape (when `dismissible`) and a backdrop click (when `closeOnBackdrop`). */
  onClose: () => void;
  children: ReactNode;
  description?: ReactNode;
  dismissible?: boolean;
  closeOnBackdrop?: boolean;
  closeLabel?: string;
  className?: string;
  /** Hide the × button (the dialog then needs its own way out). */
  hideCloseButton?: boolean;
  /** Where the × leads without JavaScript (a dialog opened by the URL closes by leaving it). */
  closeHref?: string;
};

// Before the browser paints or lays out what the dialog holds (see below); the server has no layout.
const useBeforePaintEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The one dialog of the app: a native <dialog> shown modally, so the browser traps focus,
 * makes the page inert, returns focus on close and gives it the dialog role. It is named by
 * its title. Rendered open on the server (no JavaScript), it upgrades to modal on hydration.
 * While open the page does not scroll.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  description,
  dismissible = true,
  closeOnBackdrop = false,
  closeLabel = 'Close',
  className,
  hideCloseButton = false,
  closeHref,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openRef = useRef(open);
  openRef.current = open;

  // A layout effect: made modal in the commit that renders it, the dialog is never painted
  // open-but-not-modal, and nothing it holds (a 3-D Secure challenge's frame) is laid out, then
  // hidden by the close() below and shown again. A passive effect ran after the children's and,
  // for a dialog opened by an answer rather than a click, after a paint.
  useBeforePaintEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Remembered so focus can go back when the dialog is unmounted rather than closed
    // (a parent that stops rendering it): the browser only restores focus on close().
    const opener = document.activeElement;
    if (open) {
      // A server-rendered dialog is open but not modal; reopen it modally.
      if (dialog.open && !dialog.matches(':modal')) dialog.close();
      if (!dialog.open) dialog.showModal();
      document.documentElement.classList.add('scroll-locked');
    } else if (dialog.open) {
      dialog.close();
    }
    return () => {
      document.documentElement.classList.remove('scroll-locked');
      // A layout effect's cleanup runs before React removes the dialog: look once it is gone.
      queueMicrotask(() => {
        if (opener instanceof HTMLElement && opener.isConnected && !dialog.isConnected) opener.focus({ preventScroll: true });
      });
    };
  }, [open]);

  if (!open) return null;
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the ::backdrop closes a dismissible dialog, as Escape does from the keyboard (onCancel)
    <dialog
      ref={ref}
      open
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onCloseRef.current();
      }}
      onClose={() => {
        // The browser closed it by itself (a repeated Escape is not cancelable, whatever the
        // page says): the owner is told, so what it renders follows. Its own closes (and the
        // close-and-reopen that makes a server-rendered dialog modal) leave the dialog open here.
        if (openRef.current && !ref.current?.open) onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the ::backdrop targets the dialog element itself.
        if (closeOnBackdrop && event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="dialog-panel">
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {hideCloseButton ? null : closeHref ? (
            <a
              href={closeHref}
              className="dialog-close"
              aria-label={closeLabel}
              onClick={(event) => {
                event.preventDefault();
                onCloseRef.current();
              }}
            >
              <span aria-hidden="true">×</span>
            </a>
          ) : (
            <button type="button" className="dialog-close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {description ? (
          <p id={descriptionId} className="dialog-description">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
