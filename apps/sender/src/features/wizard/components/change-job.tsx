import { changeableBySender, type ShipmentRead } from '@vm/domain/shipment';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedPlace } from '../address-book.ts';
import { changeDraft } from '../from-shipment.ts';
import { startEditing, useWizard } from '../wizard-state.ts';
import { type SaveChange, WizardPage } from './wizard-page.tsx';

type Props = { shipment: ShipmentRead; saveChange: SaveChange; savedPlaces: SavedPlace[] };

/** A job in the wizard, opened on its summary, to change before an offer is accepted. */
export function ChangeJob({ shipment: s, saveChange, savedPlaces }: Props) {
  const { t } = useTranslation();
  const editing = useWizard().editing;
  const changeable = changeableBySender(s);
  useEffect(() => {
    // A change already under way for this job (after a reload) is kept as it is.
    if (changeable && editing?.id !== s.id) startEditing(changeDraft(s));
  }, [s, changeable, editing?.id]);
  if (!changeable) {
    return (
      <section className="page">
        <p className="form-error">{t('booking.notChangeable')}</p>
        <Link to={`/jobs/${s.id}`}>{t('booking.backToJob')}</Link>
      </section>
    );
  }
  return editing?.id === s.id ? <WizardPage saveChange={saveChange} savedPlaces={savedPlaces} /> : null;
}
