import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';

/** /chat and /chat/{jobId}: the list beside the open conversation; on a phone one of the two. */
export function ChatPage() {
  const { t } = useTranslation();
  const jobId = Number(useParams().jobId);
  const open = Number.isInteger(jobId) && jobId > 0 ? jobId : null;
  return (
    <section className={`page chat-page${open ? ' chat-has-open' : ''}`}>
      <h1 className="chat-page-title">{t('chat.title')}</h1>
      <div className="chat-layout">
        <ConversationList activeId={open} />
        {open ? <ConversationView key={open} shipmentId={open} /> : <p className="chat-placeholder muted">{t('chat.choose')}</p>}
      </div>
    </section>
  );
}
