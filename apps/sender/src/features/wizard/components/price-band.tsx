import { useTranslation } from 'react-i18next';
import { localeTag } from '@vm/client/locale.ts';
import { type PriceBandQuery, usePriceBand } from '../api/get-price-band.ts';

const wholeEuros = (euros: number) => new Intl.NumberFormat(localeTag(), { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(euros);

/**
 * What senders of similar jobs paid (docs/decisions/0022-price-band.md), or the honest word that
 * there are too few yet. Quiet while loading and on failure: the step works without it.
 */
export function PriceBand({ query }: { query: PriceBandQuery | null }) {
  const { t } = useTranslation();
  const { data } = usePriceBand(query);
  if (!data) return null;
  return (
    <section className="price-band" data-testid="price-band" aria-labelledby="price-band-title">
      <h2 id="price-band-title">{t('priceBand.title')}</h2>
      {data.kind === 'band' ? (
        <>
          <p>
            <strong>{t('priceBand.range', { low: wholeEuros(data.low), high: wholeEuros(data.high) })}</strong>, {t('priceBand.basis', { count: data.basis })}
          </p>
          <p className="muted">{t('priceBand.noPromise')}</p>
        </>
      ) : (
        <p className="muted">{t('priceBand.tooFew')}</p>
      )}
    </section>
  );
}
