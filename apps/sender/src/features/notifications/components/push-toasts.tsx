import { isListed, type PushRead } from '@vm/domain/events';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { usePushListener } from '@vm/client/event-stream.ts';
import { pushTarget, pushText } from '../push-text.ts';

/** SPEC section 2 Notifications: each listed push as a toast; clicking it opens the job. */
export function PushToasts() {
  const toast = useToast();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const onPush = useCallback(
    (push: PushRead) => {
      if (!isListed(push.type)) return;
      const target = pushTarget(push);
      toast(pushText(push, i18n.language), 'info', TOAST_MS.default, target ? { onOpen: () => void navigate(target) } : {});
    },
    [toast, navigate, i18n.language],
  );
  usePushListener(onPush);
  return null;
}
