import { useTranslation } from 'react-i18next';

type Props = { screen: 'job' | 'chat' };

/** Screens that belong to later issues; their routes, guards and redirects are final already. */
export function ComingNextPage({ screen }: Props) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t(`comingNext.title.${screen}`)}</h1>
      <p>{t('comingNext.text')}</p>
    </section>
  );
}
