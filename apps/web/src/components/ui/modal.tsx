import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean };

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it and focus returns
 * to what opened it. Content is only rendered while open.
 */
export function Modal({ open, title, onClose, children, wide = false }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className={wide ? 'modal modal-wide' : 'modal'} aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {open && <div className="modal-body">{children}</div>}
    </dialog>
  );
}
