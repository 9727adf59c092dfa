import type { PushRead } from '@vm/domain/events';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLatestPushes } from '../api/list-pushes.ts';
import { useMarkAllPushesRead } from '../api/mark-all-pushes-read.ts';
import { useMarkPushRead } from '../api/mark-push-read.ts';
import { pushTarget } from '../push-text.ts';
import { PushCard } from './push-card.tsx';

/** The top bar's bell: the unread count, and the push list in a panel below it. */
export function PushBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const pushes = useLatestPushes(true);
  const markOne = useMarkPushRead();
  const markAll = useMarkAllPushesRead();
  const unread = pushes.data?.unread_count ?? 0;
  const items = pushes.data?.items ?? [];

  // Escape or a click elsewhere closes the panel; Escape gives focus back to the bell.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      bell.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const openPush = (push: PushRead) => {
    if (push.read_at === null) markOne.mutate(push.id);
    setOpen(false);
    const target = pushTarget(push);
    if (target) void navigate(target);
  };

  return (
    <div className="push-bell" ref={wrapper}>
      <button
        ref={bell}
        type="button"
        className="push-bell-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        onClick={() => {
          // Opening the list reads what it shows: the count is of what the sender has not seen.
          if (!open && unread > 0) markAll.mutate();
          setOpen(!open);
        }}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="push-bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div id={panelId} className="push-panel" role="region" aria-labelledby={titleId} hidden={!open}>
        <div className="push-panel-head">
          <h2 id={titleId}>{t('notifications.title')}</h2>
          <button type="button" className="button button-ghost" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            {t('notifications.markAll')}
          </button>
        </div>
        {pushes.isError && !pushes.data ? (
          <p className="muted">{t('notifications.failed')}</p>
        ) : items.length === 0 ? (
          <p className="muted">{pushes.isPending ? t('loading') : t('notifications.empty')}</p>
        ) : (
          <ul className="push-list">
            {items.map((p) => (
              <li key={p.id}>
                <PushCard push={p} onOpen={openPush} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
