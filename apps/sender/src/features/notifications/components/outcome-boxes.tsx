import type { PushRead } from '@vm/domain/events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NotificationBox, type NotificationBoxType } from '@vm/ui/notification-box.tsx';
import { usePushListener } from '@vm/client/event-stream.ts';
import { boxFor } from '../outcome-box.ts';
import { onScreen, pushText } from '../push-text.ts';

type Box = { id: number; type: NotificationBoxType; titleKey: string; text: string };


/**
 * Shown at the top of the main area until the user closes them or goes to another page, so they do
 * not follow the sender around. Not on the page of the job they are about: that page says it.
 */
export function OutcomeBoxes() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  const [boxes, setBoxes] = useState<{ at: string; list: Box[] }>({ at: pathname, list: [] });
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  const onPush = useCallback(
    (push: PushRead) => {
      const box = boxFor(push);
      if (!box || onScreen(push, here.current)) return;
      const at = here.current;
      setBoxes((all) => ({ at, list: [{ ...box, id: push.id, text: pushText(push, i18n.language) }, ...(all.at === at ? all.list.filter((b) => b.id !== push.id) : [])] }));
    },
    [i18n.language],
  );
  usePushListener(onPush);
  const shown = boxes.at === pathname ? boxes.list : [];
  if (shown.length === 0) return null;
  return (
    <div className="outcome-boxes">
      {shown.map((b) => (
        <NotificationBox key={b.id} type={b.type} title={t(b.titleKey)} text={b.text} onClose={() => setBoxes((all) => ({ ...all, list: all.list.filter((x) => x.id !== b.id) }))} />
      ))}
    </div>
  );
}
