import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ToastKind = 'success' | 'danger' | 'info';
/** A toast may open something when clicked (a push opens its job). */
export type ToastOptions = { onOpen?: () => void };
type Toast = { id: number; kind: ToastKind; text: string; onOpen?: () => void };
type ShowToast = (text: string, kind?: ToastKind, ms?: number, options?: ToastOptions) => void;

/** Lifetimes of SPEC sections 8 and 9: 5 s by default, 10 s for the listed calls. */
/** At most this many info toasts at once (the oldest goes first); on a phone only the newest toast shows (styles.css). */
const MAX_VISIBLE = 3;

export const TOAST_MS = { default: 5_000, long: 10_000 } as const;

const ToastContext = createContext<ShowToast>(() => undefined);
export const useToast = () => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((x) => x.id !== id)), []);
  const show = useCallback<ShowToast>(
    (text, kind = 'info', ms = TOAST_MS.default, options = {}) => {
      const id = next.current++;
      // Live pushes (info) can come in bursts: the newest few stay readable instead of covering the
      // page; the outcome of the user's own action (success, danger) is never pushed out.
      setToasts((all) => {
        const next = [...all, { id, kind, text, onOpen: options.onOpen }];
        const info = next.filter((x) => x.kind === 'info');
        return info.length > MAX_VISIBLE ? next.filter((x) => x !== info[0]) : next;
      });
      window.setTimeout(() => dismiss(id), ms);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className="toasts" aria-label={t('toast.region')} aria-live="polite">
        {toasts.map((x) => (
          <div key={x.id} className={`toast toast-${x.kind}`} role={x.kind === 'danger' ? 'alert' : 'status'}>
            {x.onOpen ? (
              <button
                type="button"
                className="toast-open"
                onClick={() => {
                  dismiss(x.id);
                  x.onOpen?.();
                }}
              >
                {x.text}
              </button>
            ) : (
              <span>{x.text}</span>
            )}
            <button type="button" className="toast-close" aria-label={t('toast.close')} onClick={() => dismiss(x.id)}>
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}
