import { SHIPMENT_STATE, type ShipmentStateName } from '@vm/domain/shipment-states';
import type { ShipmentRead } from '@vm/domain/shipment';
import { formatClock, formatDay } from '@vm/domain/window-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationBox } from '@vm/ui/notification-box.tsx';
import { localeTag } from '@vm/client/locale.ts';

/** Whether the driver is still on the way to a leg's address (its state's descriptor): lateness for a leg done no longer matters. */
const ahead = (leg: 'pickup' | 'delivery', state: ShipmentStateName) => (leg === 'pickup' ? SHIPMENT_STATE[state].heading === 'pickup' : SHIPMENT_STATE[state].heading !== null);

/** The driver's estimated arrival fell after the booked window (server's 'shipment.late'): said on the job page while that leg is still ahead. */
export function RunningLate({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  // 'Today' as of the page opening: enough to tell whether the expected arrival is another day.
  const [openedAt] = useState(() => Date.now() / 1000);
  const state = s.current_state.state;
  const late = s.running_late.filter((l) => ahead(l.leg, state)).at(-1);
  if (!late || dismissed === late.leg) return null;
  const tz = late.leg === 'pickup' ? s.pickup_timezone : s.delivery_timezone;
  const time = formatClock(late.eta, tz);
  // A window over several days can run late into another day: then the day is named too.
  const day = formatDay(late.eta, tz, localeTag());
  const today = formatDay(openedAt, tz, localeTag());
  return (
    <NotificationBox
      type="warning"
      title={t('job.late.title')}
      text={day === today ? t(`job.late.${late.leg}`, { time }) : t(`job.late.${late.leg}On`, { date: day, time })}
      onClose={() => setDismissed(late.leg)}
    />
  );
}
