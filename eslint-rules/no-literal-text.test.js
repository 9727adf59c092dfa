import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { noLiteralText } from './no-literal-text.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('no-literal-text', noLiteralText, {
  valid: [
    "<p>{t('job.title')}</p>",
    '<p>{count} · {total} → ★ 2</p>',
    "<p className=\"job-card\" data-testid=\"pickup-window\" id=\"x\" />",
    "<img alt=\"\" src=\"favicon.svg\" />",
    "<button aria-label={t('nav.home')} title={t('nav.home')} />",
    "<span aria-hidden=\"true\">{'—'}</span>",
    "<Trans i18nKey=\"x\" values={{ name: 'Anna' }} />",
  ],
  invalid: [
    { code: '<p>Opslaan</p>', errors: [{ messageId: 'text' }] },
    { code: '<p>{t("a")} kg</p>', errors: [{ messageId: 'text' }] },
    { code: "<p>{'Annuleren'}</p>", errors: [{ messageId: 'text' }] },
    { code: '<p>{`Rit ${n}`}</p>', errors: [{ messageId: 'text' }] },
    { code: '<>Jij</>', errors: [{ messageId: 'text' }] },
    { code: '<input placeholder="DD/MM/JJJJ" />', errors: [{ messageId: 'attribute' }] },
    { code: '<button aria-label="Sluiten" />', errors: [{ messageId: 'attribute' }] },
    { code: "<img alt={'Profielfoto'} />", errors: [{ messageId: 'attribute' }] },
    { code: '<abbr title="Belasting over de toegevoegde waarde">{vat}</abbr>', errors: [{ messageId: 'attribute' }] },
    { code: '<p>Été</p>', errors: [{ messageId: 'text' }] },
  ],
});
