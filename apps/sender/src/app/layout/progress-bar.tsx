import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/** A thin bar while a route loads or any request is under way. */
export function ProgressBar() {
  const navigating = useNavigation().state !== 'idle';
  const busy = useIsFetching() + useIsMutating() > 0;
  return <div className={`progress-bar${navigating || busy ? ' progress-bar-active' : ''}`} aria-hidden="true" />;
}
