import type { PushRead } from '@vm/domain/events';
import { useTranslation } from 'react-i18next';
import { formatPushTime, pushText } from '../push-text.ts';

type Props = { push: PushRead; onOpen: (push: PushRead) => void };

/** One push: when, and what (SPEC section 2: created_at and the message text). */
export function PushCard({ push, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const unread = push.read_at === null;
  return (
    <button type="button" className={`push-card${unread ? ' push-card-unread' : ''}`} onClick={() => onOpen(push)}>
      <time className="push-card-time" dateTime={new Date(push.created_at * 1000).toISOString()}>
        {formatPushTime(push.created_at)}
      </time>
      {unread && <span className="visually-hidden">{t('notifications.unread')}: </span>}
      <span className="push-card-text">{pushText(push, i18n.language)}</span>
    </button>
  );
}
