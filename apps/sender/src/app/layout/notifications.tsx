import { lazy } from 'react';

// The notification components load once someone is signed in: the login route (the first page a
// visitor loads, with its size budget in bench:bundle) never needs them.
export const PushBell = lazy(() => import('../../features/notifications/components/push-bell.tsx').then((m) => ({ default: m.PushBell })));
export const PushToasts = lazy(() => import('../../features/notifications/components/push-toasts.tsx').then((m) => ({ default: m.PushToasts })));
export const ActivityFeed = lazy(() => import('../../features/notifications/components/activity-feed.tsx').then((m) => ({ default: m.ActivityFeed })));
export const OutcomeBoxes = lazy(() => import('../../features/notifications/components/outcome-boxes.tsx').then((m) => ({ default: m.OutcomeBoxes })));
