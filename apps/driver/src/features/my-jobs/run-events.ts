import { useQueryClient } from '@tanstack/react-query';
import { useEventStreamWhileSignedIn, usePushListener } from '@vm/client/event-stream.ts';
import type { PushRead } from '@vm/domain/events';
import { useCallback } from 'react';
import { runKeys } from './api.ts';

/** Events that change my jobs: a new job, and (issue 22) the sender cancelling one. */
const RUN_EVENTS = new Set<string>(['shipment.job.assigned', 'shipment.cancelled']);

/** Live my jobs: the stream runs while the screen is open; a job assigned or cancelled reads them again. */
export function useRunEvents(): void {
  useEventStreamWhileSignedIn();
  const client = useQueryClient();
  const onPush = useCallback(
    (push: PushRead) => {
      if (RUN_EVENTS.has(push.type)) void client.invalidateQueries({ queryKey: runKeys.all });
    },
    [client],
  );
  usePushListener(onPush);
}
