import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusHeading } from './route-focus.ts';

type Props = { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog's own tab stops in order (not those of a dialog opened inside it), shown ones only. */
function tabStops(d: HTMLDialogElement): HTMLElement[] {
  return [...d.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.closest('dialog') === d && el.getClientRects().length > 0);
}

/** Radio buttons of one group are one tab stop. */
const sameStop = (a: Element | null, b: HTMLElement) =>
  a === b || (a instanceof HTMLInputElement && b instanceof HTMLInputElement && a.type === 'radio' && b.type === 'radio' && a.name !== '' && a.name === b.name);

/** The element of a stop that takes focus: the checked radio of a group, else the one given. */
function stopTarget(d: HTMLDialogElement, el: HTMLElement): HTMLElement {
  if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return el;
  return tabStops(d).find((o) => sameStop(o, el) && (o as HTMLInputElement).checked) ?? el;
}

/**
 * A modal on the native <dialog>: the rest of the page is inert, Tab and Shift+Tab go round
 * inside it, Escape closes it, and focus goes back to what opened it (or, when that is gone, to
 * the dialog underneath or the page heading). Content is only rendered while open.
 */
export function Modal({ open, title, onClose, children, wide = false }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A layout effect: its cleanup runs while the dialog is still in the page, so it can see where focus was.
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const below = d.parentElement?.closest('dialog') ?? null;
    if (!d.open) d.showModal?.();
    return () => {
      const active = document.activeElement;
      const focusInside = !active || active === document.body || d.contains(active);
      if (d.open) d.close();
      if (!focusInside) return;
      if (opener?.isConnected) opener.focus();
      else if (below?.open) tabStops(below)[0]?.focus();
      else focusHeading(document.querySelector('main'));
    };
  }, [open]);

  function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
    const d = ref.current;
    if (e.key !== 'Tab' || !d || (e.target as Element).closest('dialog') !== d) return;
    const stops = tabStops(d);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    const active = document.activeElement;
    const to = e.shiftKey ? (active === d || sameStop(active, first) ? last : null) : sameStop(active, last) ? first : null;
    if (!to) return;
    e.preventDefault();
    stopTarget(d, to).focus();
  }

  return (
    <dialog ref={ref} className={wide ? 'modal modal-wide' : 'modal'} aria-labelledby={titleId} onClose={onClose} onKeyDown={trapTab}>
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
