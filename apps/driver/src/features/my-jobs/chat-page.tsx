import './my-jobs.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { localeTag } from '@vm/client/locale.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { runKeys } from './api.ts';

/** A minimal chat with the sender of the job: the messages and a box to send one. */
export function ChatPage() {
  const { t } = useTranslation();
  const id = Number(useParams().jobId);
  const client = useQueryClient();
  const chat = useQuery({ queryKey: runKeys.chat(id), queryFn: ({ signal }) => call('GET /api/driver/conversation/:shipmentId', { params: { shipmentId: id }, signal }), refetchInterval: 15_000 });
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (message: string) => call('POST /api/driver/conversation/:shipmentId', { params: { shipmentId: id }, body: { message } }),
    onSuccess: () => {
      setText('');
      void client.invalidateQueries({ queryKey: runKeys.chat(id) });
    },
  });
  const other = chat.data?.sender;
  const me = (from: number) => from !== other?.id;
  const time = (s: number) => new Intl.DateTimeFormat(localeTag(), { dateStyle: 'short', timeStyle: 'short' }).format(s * 1000);
  return (
    <section className="page page-narrow">
      <h1>{other ? t('myJobs.chatWith', { name: `${other.first_name} ${other.last_name.slice(0, 1)}.` }) : t('myJobs.chat')}</h1>
      {chat.isError && (
        <p role="alert" className="form-error">
          {t('myJobs.loadFailed')}
        </p>
      )}
      <ul className="chat-messages">
        {chat.data?.messages.map((m) => (
          <li key={m.id} className={me(m.from) ? 'own' : 'theirs'}>
            <strong>{me(m.from) ? t('myJobs.you') : other?.first_name}</strong> <span>{time(m.created_at)}</span>
            <p className="chat-text">{m.message}</p>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) send.mutate(text.trim());
        }}
      >
        <label htmlFor="chat-box">{t('myJobs.message')}</label>
        <textarea id="chat-box" value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
        {send.isError && (
          <p role="alert" className="form-error">
            {send.error.message}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={send.isPending}>
          {t('myJobs.send')}
        </button>
      </form>
    </section>
  );
}
