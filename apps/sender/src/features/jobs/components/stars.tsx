import { useTranslation } from 'react-i18next';

/** A read-only 1-5 star rating, spoken as "4 of 5 stars". */
export function Stars({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t('job.stars', { count: value })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= value ? 'star star-on' : 'star'}>
          ★
        </span>
      ))}
    </span>
  );
}
