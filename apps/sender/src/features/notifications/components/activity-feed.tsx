import type { PushRead } from '@vm/domain/events';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActivity } from '../api/list-pushes.ts';
import { useMarkPushRead } from '../api/mark-push-read.ts';
import { pushTarget } from '../push-text.ts';
import { PushCard } from './push-card.tsx';

/** The right-hand Activity column: the user's listed events, newest first, paging back in time. */
export function ActivityFeed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activity = useActivity(true);
  const markOne = useMarkPushRead();
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];

  const openPush = (push: PushRead) => {
    if (push.read_at === null) markOne.mutate(push.id);
    const target = pushTarget(push);
    if (target) void navigate(target);
  };

  if (activity.isPending) return <p className="muted">{t('loading')}</p>;
  if (activity.isError && items.length === 0) return <p className="muted">{t('activity.failed')}</p>;
  if (items.length === 0) return <p className="muted">{t('activity.empty')}</p>;
  return (
    <>
      <ol className="activity-list">
        {items.map((p) => (
          <li key={p.id}>
            <PushCard push={p} onOpen={openPush} />
          </li>
        ))}
      </ol>
      {activity.hasNextPage && (
        <button type="button" className="button button-ghost activity-more" disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
          {activity.isFetchingNextPage ? t('activity.loadingMore') : t('activity.more')}
        </button>
      )}
    </>
  );
}
