import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { PUSH_KINDS, type PushKind, type PushSettings } from '@vm/domain/web-push';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enablePush, pushRegistration, pushState, type PushState } from '../../../lib/push.ts';

const settingsKey = ['driver', 'push', 'settings'] as const;

/**
 * Account, Notifications (decision 0028): turn pushes on for this phone (permission is asked on
 * the tap, never before), and choose per kind what to hear about (kept on the server, for every
 * phone of the driver). iOS in a Safari tab has no push: the driver is told to add the app to the
 * home screen first.
 */
export function PushSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const [state, setState] = useState<PushState>(pushState);
  const [failed, setFailed] = useState(false);
  const client = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => call('GET /api/driver/push/settings', { signal }) });
  // The switch moves at once, with the driver's tap; a refused save puts the server's settings back.
  const [chosen, setChosen] = useState<Partial<PushSettings>>({});
  const save = useMutation({
    mutationFn: (change: Partial<PushSettings>) => call('PUT /api/driver/push/settings', { body: change }),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
    onError: () => {
      setChosen({});
      void client.invalidateQueries({ queryKey: settingsKey });
    },
  });
  const enable = useMutation({
    mutationFn: async () => enablePush((await pushRegistration()) ?? undefined),
    onMutate: () => setFailed(false),
    onSuccess: (next) => setState(next),
    onError: () => setFailed(true),
  });

  return (
    <section className="card push-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('push.title')}</h2>
      <p>{t('push.intro')}</p>
      {state === 'needs-install' && <p data-testid="push-install-hint">{t('push.needsInstall')}</p>}
      {state === 'unsupported' && <p>{t('push.unsupported')}</p>}
      {state === 'denied' && <p>{t('push.denied')}</p>}
      {state === 'granted' && (
        <p role="status" data-testid="push-enabled">
          {t('push.enabled')}
        </p>
      )}
      {state === 'default' && (
        <button type="button" className="button button-block" disabled={enable.isPending} onClick={() => enable.mutate()}>
          {t('push.enable')}
        </button>
      )}
      {failed && (
        <p role="alert" className="form-error">
          {t('push.failed')}
        </p>
      )}
      {settings.data && (
        <fieldset className="push-kinds">
          <legend>{t('push.kinds')}</legend>
          {PUSH_KINDS.map((kind: PushKind) => (
            <label key={kind} className="switch-row">
              <input
                type="checkbox"
                role="switch"
                checked={chosen[kind] ?? settings.data[kind]}
                onChange={(e) => {
                  const on = e.target.checked;
                  setChosen((c) => ({ ...c, [kind]: on }));
                  save.mutate({ [kind]: on });
                }}
              />
              <span>{t(`push.${kind}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p role="status" className="field-hint">
        {save.isSuccess ? t('push.saved') : ''}
      </p>
      {save.isError && (
        <p role="alert" className="form-error">
          {t('push.saveFailed')}
        </p>
      )}
    </section>
  );
}
