import { MAX_MESSAGE_LENGTH, shortName } from '@vm/domain/events';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@vm/client/api-client.ts';
import { useCurrentUser } from '@vm/client/session.ts';
import { otherParty, useConversation } from '../api/get-conversation.ts';
import { useSendMessage } from '../api/send-message.ts';
import { localeTag } from '@vm/client/locale.ts';

const time = (seconds: number) =>
  new Intl.DateTimeFormat(localeTag(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(seconds * 1000);

/** The open conversation: history (own messages right, labelled 'Jij'), newest in view, and the message box. */
export function ConversationView({ shipmentId }: { shipmentId: number }) {
  const { t } = useTranslation();
  const me = useCurrentUser().data?.id;
  const { data: c, error, isPending } = useConversation(shipmentId);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const sendMessage = useSendMessage();
  const sending = sendMessage.isPending;
  const history = useRef<HTMLOListElement>(null);

  const count = c?.messages.length ?? 0;
  useEffect(() => {
    const el = history.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  useEffect(() => {
    if (error && !(error instanceof ApiError && (error.status === 404 || error.status === 409))) console.warn('conversation failed', error);
  }, [error]);

  const back = (
    <Link to="/chat" className="chat-back">
      {t('chat.back')}
    </Link>
  );

  if (isPending) return <div className="chat-view">{back}<p className="muted">{t('chat.loading')}</p></div>;
  if (!c) {
    const status = error instanceof ApiError ? error.status : 0;
    return (
      <div className="chat-view">
        {back}
        {status === 409 ? <p>{t('chat.notOpen')}</p> : status === 404 ? <p>{t('chat.notFound')}</p> : null}
      </div>
    );
  }

  const other = otherParty(c);
  const name = other ? shortName(other.first_name, other.last_name) : t('chat.unknown');

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const message = text.trim();
    // SPEC section 5: a chat message is sent only if non-empty.
    if (!message || sending) return;
    setFieldError(null);
    try {
      await sendMessage.mutateAsync({ shipmentId, message });
      setText('');
    } catch (err) {
      // SPEC section 8: chat failures are only logged; a refused text is shown at the field.
      const refused = err instanceof ApiError ? err.fieldErrors.find((f) => f.field === 'message') : undefined;
      if (refused) setFieldError(refused.message);
      else console.warn('sending the message failed', err);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line (and Enter while composing an accented letter does nothing).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <div className="chat-view">
      {back}
      <header className="chat-header">
        <h2 id="chat-title">{t('chat.with', { name })}</h2>
        <p className="muted">
          {c.reference_id} · {t('chat.count', { count: c.message_count })}
        </p>
      </header>
      <ol className="chat-messages" ref={history} tabIndex={0} aria-labelledby="chat-title">
        {c.messages.map((m) => {
          const own = m.from === me;
          return (
            <li key={m.id} className={`chat-message ${own ? 'own' : 'theirs'}`}>
              <p className="chat-meta">
                <span className="chat-author">{own ? t('chat.you') : name}</span> <time dateTime={new Date(m.created_at * 1000).toISOString()}>{time(m.created_at)}</time>
              </p>
              <p className="chat-text">{m.message}</p>
            </li>
          );
        })}
      </ol>
      {c.messages.length === 0 && <p className="muted">{t('chat.noMessages')}</p>}
      <form className="chat-form" onSubmit={send} noValidate>
        <label htmlFor="chat-input" className="visually-hidden">
          {t('chat.placeholder')}
        </label>
        <textarea
          id="chat-input"
          value={text}
          rows={2}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder={t('chat.placeholder')}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'chat-input-error' : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button-primary" disabled={sending}>
          {t('chat.send')}
        </button>
        {fieldError && (
          <p id="chat-input-error" className="field-error" role="alert">
            {fieldError}
          </p>
        )}
      </form>
    </div>
  );
}
