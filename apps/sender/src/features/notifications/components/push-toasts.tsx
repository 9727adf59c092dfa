import { isListed, type PushRead } from '@vm/domain/events';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { usePushListener } from '@vm/client/event-stream.ts';
import { boxFor } from '../outcome-box.ts';
import { onScreen, pushTarget, pushText } from '../push-text.ts';

/**
 * SPEC section 2 Notifications: each listed push as a toast; clicking it opens the job. One message
 * per event: none for a push that gets a box, nor for one about the job on screen (its page or
 * chat shows the change itself); the bell and the Activity column list them all.
 */
export function PushToasts() {
  const toast = useToast();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  const onPush = useCallback(
    (push: PushRead) => {
      if (!isListed(push.type) || boxFor(push) || onScreen(push, here.current)) return;
      const target = pushTarget(push);
      toast(pushText(push, i18n.language), 'info', TOAST_MS.default, target ? { onOpen: () => void navigate(target) } : {});
    },
    [toast, navigate, i18n.language],
  );
  usePushListener(onPush);
  return null;
}
