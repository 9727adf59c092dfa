import { i18next } from '@vm/client/i18n.ts';

// Issue 22's texts of an accepted job's page (giving a job back, the sender's cancelling), in the
// three languages. They live with the lazily loaded job route, not in the entry's catalogue: the
// driver's first page is at its budget (150 KB). Registered once when the route loads, merged
// under myJobs (a language loaded later merges beside them, it does not replace them).

const nl = {
  giveBack: {
    open: 'Opdracht teruggeven',
    title: 'Opdracht teruggeven?',
    intro: 'Kun je deze rit niet doen? Tot het laden kun je hem teruggeven.',
    effect: 'De verzender krijgt alles terugbetaald en de opdracht staat weer bij de open ritten, waar andere chauffeurs een bod kunnen doen. Je wordt er niet voor betaald.',
    reason: 'Waarom geef je hem terug?',
    reasonHint: '3 tot 500 tekens. Ons team leest het; de verzender ziet het niet.',
    tooShort: 'Schrijf minstens 3 tekens.',
    tooLong: 'Schrijf hoogstens 500 tekens.',
    confirm: 'Teruggeven',
    keep: 'Rit houden',
    failed: 'De opdracht is niet teruggegeven: {{reason}}',
    done: 'De opdracht is teruggegeven: ze staat weer bij de open ritten en de verzender wordt volledig terugbetaald.',
  },
  cancelledBySender: 'De verzender heeft deze rit geannuleerd.',
};

type RunTexts = { [K in keyof typeof nl]: (typeof nl)[K] extends string ? string : { [L in keyof (typeof nl)[K]]: string } };

const fr: RunTexts = {
  giveBack: {
    open: 'Rendre la mission',
    title: 'Rendre la mission ?',
    intro: 'Vous ne pouvez pas effectuer ce trajet ? Jusqu’au chargement, vous pouvez le rendre.',
    effect: 'L’expéditeur est remboursé intégralement et la mission retourne dans les trajets ouverts, où d’autres chauffeurs peuvent faire une offre. Vous n’êtes pas payé pour celle-ci.',
    reason: 'Pourquoi la rendez-vous ?',
    reasonHint: 'De 3 à 500 caractères. Notre équipe le lit ; l’expéditeur ne le voit pas.',
    tooShort: 'Écrivez au moins 3 caractères.',
    tooLong: 'Écrivez au maximum 500 caractères.',
    confirm: 'Rendre',
    keep: 'Garder le trajet',
    failed: 'La mission n’a pas été rendue : {{reason}}',
    done: 'La mission est rendue : elle est à nouveau dans les trajets ouverts et l’expéditeur est remboursé intégralement.',
  },
  cancelledBySender: 'L’expéditeur a annulé ce trajet.',
};

const en: RunTexts = {
  giveBack: {
    open: 'Give this job back',
    title: 'Give this job back?',
    intro: 'Can you not do this job? Until loading you can give it back.',
    effect: 'The sender gets a full refund and the job goes back to the open jobs, where other drivers can make offers. You are not paid for it.',
    reason: 'Why do you give it back?',
    reasonHint: '3 to 500 characters. Our team reads it; the sender does not see it.',
    tooShort: 'Write at least 3 characters.',
    tooLong: 'Write at most 500 characters.',
    confirm: 'Give back',
    keep: 'Keep the job',
    failed: 'The job was not given back: {{reason}}',
    done: 'The job is given back: it is among the open jobs again and the sender is refunded in full.',
  },
  cancelledBySender: 'The sender cancelled this job.',
};

export const runTexts = { nl, fr, en };

for (const [language, texts] of Object.entries(runTexts)) i18next.addResourceBundle(language, 'translation', { myJobs: texts }, true, false);
