import { useTranslation } from 'react-i18next';

export type NotificationBoxType = 'success' | 'danger' | 'info' | 'warning';

type Props = { type: NotificationBoxType; title: string; text?: string; onClose: () => void };

/** SPEC section 2 Misc: a dismissible notification box with a type and a title. */
export function NotificationBox({ type, title, text, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <div className={`notification-box notification-box-${type}`} role={type === 'danger' ? 'alert' : 'status'}>
      <div className="notification-box-body">
        <strong className="notification-box-title">{title}</strong>
        {text && <p>{text}</p>}
      </div>
      <button type="button" className="notification-box-close" aria-label={t('notificationBox.close', { title })} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
