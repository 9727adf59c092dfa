import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChatIcon } from '@vm/ui/icons.tsx';

/** Reference, chat link and state badge. */
export function JobTitle({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const [chatNote, setChatNote] = useState(false);
  const state = s.current_state.state;
  // The conversation exists from acceptance on (SPEC section 6); before that the icon explains why.
  // A driver is on the job: sender and driver talk until it is cancelled.
  const chatOpen = s.accepted_offer !== null && SHIPMENT_STATE[state].phase !== 'cancelled';
  return (
    <>
      <div className="job-title">
        <h1>
          {t('job.reference')} <span className="reference">{s.reference_id}</span>
        </h1>
        {chatOpen ? (
          <Link to={`/chat/${s.id}`} className="button button-ghost chat-link" aria-label={t('job.chat')} title={t('job.chat')}>
            <ChatIcon />
          </Link>
        ) : (
          <button type="button" className="button button-ghost chat-link" aria-label={t('job.chat')} title={t('job.chat')} aria-expanded={chatNote} onClick={() => setChatNote((v) => !v)}>
            <ChatIcon />
          </button>
        )}
      </div>
      {!chatOpen && chatNote && (
        <p id="chat-not-open" className="notice notice-info" role="status">
          {t('chat.notOpen')}
        </p>
      )}
      <p>
        <span className={`badge badge-${state}`}>{t(`jobs.states.${state}`)}</span>
      </p>
    </>
  );
}
