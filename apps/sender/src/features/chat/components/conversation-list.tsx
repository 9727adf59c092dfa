import { shortName } from '@vm/domain/events';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@vm/ui/avatar.tsx';
import { otherParty } from '../api/get-conversation.ts';
import { useConversationList } from '../api/list-conversations.ts';

/** One card per shipment: the other party, the message count (or the state), unread messages. */
export function ConversationList({ activeId }: { activeId: number | null }) {
  const { t } = useTranslation();
  const { data, error } = useConversationList();

  // SPEC section 8: a failed list load is only logged.
  useEffect(() => {
    if (error) console.warn('conversation list failed', error);
  }, [error]);

  return (
    <nav className="chat-list" aria-label={t('chat.listLabel')}>
      {data && data.length === 0 && <p className="muted">{t('chat.empty')}</p>}
      <ul>
        {data?.map((c) => {
          const other = otherParty(c);
          const name = other ? shortName(other.first_name, other.last_name) : t('chat.unknown');
          const active = c.shipment_id === activeId;
          return (
            <li key={c.shipment_id}>
              <Link to={`/chat/${c.shipment_id}`} className={`chat-item${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined}>
                {other && <Avatar user={other} size="thumb" alt={t('chat.pictureOf', { name })} />}
                <span className="chat-item-main">
                  <strong>{name}</strong>
                  <span className="chat-item-sub">
                    {c.reference_id} · {c.message_count > 0 ? t('chat.count', { count: c.message_count }) : t(`jobs.states.${c.current_state.state}`)}
                  </span>
                </span>
                {c.unread_count > 0 && (
                  <span className="chat-unread">
                    <span aria-hidden="true">{c.unread_count}</span>
                    <span className="visually-hidden">{t('chat.unread', { count: c.unread_count })}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
