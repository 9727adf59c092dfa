import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import type { QueuedFile } from '../../lib/offline-queue.ts';
import { exportSignature } from './proof-form.ts';

/** A drawn signature (signature_pad on a canvas: mouse, pen and touch), exported as PNG after each stroke. */
export function SignatureField({ label, error, onChange }: { label: string; error?: string; onChange: (png: QueuedFile | null) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  useEffect(() => {
    // signature_pad comes with this chunk (not on demand): the proof screen is used offline.
    const el = canvas.current;
    if (!el || !el.getContext('2d')) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio || 320;
    el.height = el.offsetHeight * ratio || 160;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(0,0,0)' });
    p.addEventListener('endStroke', () => change.current(exportSignature(p)));
    pad.current = p;
    return () => p.off();
  }, []);
  return (
    <fieldset className="signature-field">
      <legend>{label}</legend>
      <canvas ref={canvas} className="signature-canvas" role="img" aria-label={t('myJobs.signatureCanvas')} data-testid="signature-canvas" />
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => {
          pad.current?.clear();
          change.current(null);
        }}
      >
        {t('myJobs.signatureClear')}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
