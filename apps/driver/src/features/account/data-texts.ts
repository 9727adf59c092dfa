import i18next from 'i18next';

// Issue 23 part 4 (decision 0035): the account page's "Your data" texts (download my data, delete my
// account), kept in this lazily loaded route so the app's first page stays inside its size budget.
// Added to the catalogues of all three languages when the account page's module loads.

const texts = {
  nl: {
    title: 'Je gegevens',
    intro: 'Download alles wat we over je bewaren, of verwijder je account.',
    download: 'Mijn gegevens downloaden',
    downloadFailed: 'Je gegevens konden niet gedownload worden. Probeer het later opnieuw.',
    delete: 'Mijn account verwijderen',
    dialogTitle: 'Je account verwijderen?',
    erased:
      'We wissen je naam, e-mailadres, telefoonnummer, je bedrijfsgegevens en rekeningnummer, je voertuigen, je documenten, je chatberichten, de posities van je ritten en je foto’s. Daarna word je afgemeld en kun je niet meer aanmelden.',
    kept: 'Facturen (ook de facturen die wij in jouw naam opmaken), creditnota’s, uitbetalingen, onze boekhouding en de vrachtbrieven van je ritten bewaren we 10 jaar, zoals de Belgische wet vraagt, met alleen wat daarop moet staan. Staat er nog geld voor je klaar, dan kan je account pas weg na de uitbetaling.',
    password: 'Je wachtwoord',
    passwordRequired: 'Vul je wachtwoord in.',
    useEmail: 'Ik meld me aan via Facebook of een ander account',
    usePassword: 'Ik meld me aan met een wachtwoord',
    email: 'Typ je e-mailadres opnieuw',
    emailRequired: 'Typ je e-mailadres.',
    confirm: 'Account definitief verwijderen',
    cancel: 'Annuleren',
    failed: 'Je account kon niet verwijderd worden. Probeer het later opnieuw.',
  },
  fr: {
    title: 'Vos données',
    intro: 'Téléchargez tout ce que nous conservons sur vous, ou supprimez votre compte.',
    download: 'Télécharger mes données',
    downloadFailed: 'Vos données n’ont pas pu être téléchargées. Réessayez plus tard.',
    delete: 'Supprimer mon compte',
    dialogTitle: 'Supprimer votre compte ?',
    erased:
      'Nous effaçons votre nom, votre adresse e-mail, votre numéro de téléphone, vos données d’entreprise et votre numéro de compte, vos véhicules, vos documents, vos messages de chat, les positions de vos trajets et vos photos. Ensuite vous êtes déconnecté et ne pouvez plus vous connecter.',
    kept: 'Les factures (y compris celles que nous établissons en votre nom), les notes de crédit, les versements, notre comptabilité et les lettres de voiture de vos trajets sont conservés 10 ans, comme l’exige la loi belge, avec uniquement ce qui doit y figurer. S’il reste de l’argent à vous verser, votre compte ne peut être supprimé qu’après le versement.',
    password: 'Votre mot de passe',
    passwordRequired: 'Saisissez votre mot de passe.',
    useEmail: 'Je me connecte via Facebook ou un autre compte',
    usePassword: 'Je me connecte avec un mot de passe',
    email: 'Saisissez à nouveau votre adresse e-mail',
    emailRequired: 'Saisissez votre adresse e-mail.',
    confirm: 'Supprimer définitivement le compte',
    cancel: 'Annuler',
    failed: 'Votre compte n’a pas pu être supprimé. Réessayez plus tard.',
  },
  en: {
    title: 'Your data',
    intro: 'Download everything we keep about you, or delete your account.',
    download: 'Download my data',
    downloadFailed: 'Your data could not be downloaded. Please try again later.',
    delete: 'Delete my account',
    dialogTitle: 'Delete your account?',
    erased:
      'We erase your name, email address, phone number, your business details and account number, your vehicles, your documents, your chat messages, the positions of your trips and your photos. You are then signed out and cannot sign in again.',
    kept: 'Invoices (including those we write in your name), credit notes, payouts, our accounts and the consignment notes of your trips are kept for 10 years, as Belgian law requires, with only what must be on them. If money is still waiting for you, your account can only go after the payout.',
    password: 'Your password',
    passwordRequired: 'Enter your password.',
    useEmail: 'I sign in with Facebook or another account',
    usePassword: 'I sign in with a password',
    email: 'Type your email address again',
    emailRequired: 'Enter your email address.',
    confirm: 'Delete my account for good',
    cancel: 'Cancel',
    failed: 'Your account could not be deleted. Please try again later.',
  },
} as const;

for (const [language, t] of Object.entries(texts)) i18next.addResourceBundle(language, 'translation', { dataRights: t }, true, false);
