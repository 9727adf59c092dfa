import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '@vm/client/api-client.ts';
import { useSignedIn } from '@vm/client/session.ts';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { useChangeShipment } from '../features/jobs/api/change-shipment.ts';
import { shipmentQuery } from '../features/jobs/api/get-shipment.ts';
import { senderShipmentsQuery } from '../features/jobs/api/list-shipments.ts';
import { addressBook } from '../features/wizard/address-book.ts';
import { ChangeJob } from '../features/wizard/components/change-job.tsx';
import { WizardPage } from '../features/wizard/components/wizard-page.tsx';
import { openBookAgain } from '../features/wizard/from-shipment.ts';
import { routeId } from '../lib/route-id.ts';

// The wizard composed with the jobs feature: the sender's earlier places for the address fields,
// a job to change, a job to book again.

/** The places of the sender's earlier jobs (none for a guest). */
function useSavedPlaces() {
  const signedIn = useSignedIn();
  const { data } = useQuery({ ...senderShipmentsQuery, enabled: signedIn });
  return useMemo(() => addressBook(data ?? []), [data]);
}

/** /jobs/create */
export function CreateJobRoute() {
  return <WizardPage savedPlaces={useSavedPlaces()} />;
}

/** The job named by the route, or what to show instead of it. */
function useRouteJob() {
  const { t } = useTranslation();
  const id = routeId(useParams().jobId);
  const { data, error, isPending } = useQuery({ ...shipmentQuery(id ?? 0), enabled: id !== null });
  if (id === null || (error instanceof ApiError && error.status === 404)) return { fallback: <p className="form-error">{t('job.notFound')}</p> };
  if (isPending) return { fallback: <p className="loading">{t('job.loading')}</p> };
  if (error || !data) return { fallback: <p className="form-error">{t('job.loadFailed')}</p> };
  return { job: data };
}

/** /jobs/{id}/change */
export function ChangeJobRoute() {
  const { job, fallback } = useRouteJob();
  const change = useChangeShipment();
  const savedPlaces = useSavedPlaces();
  return job ? <ChangeJob shipment={job} saveChange={change.mutateAsync} savedPlaces={savedPlaces} /> : fallback;
}

/** /jobs/{id}/again: the job copied into the wizard, then the wizard. */
export function BookAgainRoute() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { job, fallback } = useRouteJob();
  useEffect(() => {
    if (!job) return;
    openBookAgain(job);
    toast(t('booking.copied', { reference: job.reference_id }), 'info', TOAST_MS.long);
    navigate('/jobs/create', { replace: true });
  }, [job, navigate, t, toast]);
  return job ? null : (fallback ?? <Navigate to="/jobs/create" replace />);
}
