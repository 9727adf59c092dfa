import type { AppConfig } from '@vm/domain/app-config';
import { enterpriseNumber, eur, figures as f, type LegalDoc, type LegalTexts } from '../legal-doc.ts';

// French: the privacy statement and the terms of use (issue 23 part 4), as the Dutch ones.

const who = (c: AppConfig) => {
  const o = c.legal.operator;
  return `${o.name}, ${o.address}, numéro d’entreprise ${enterpriseNumber(o.enterprise_number)} (TVA BE${o.enterprise_number})`;
};

function services(c: AppConfig): string[] {
  const out: string[] = [];
  out.push(
    c.payments.provider === 'stripe'
      ? 'Le prestataire de paiement Stripe : vos paiements (carte, Bancontact), les remboursements et les versements aux chauffeurs. Vous tapez le numéro de carte dans le formulaire de Stripe ; nous ne recevons que la marque et les quatre derniers chiffres.'
      : 'Le prestataire de paiement : cette installation fonctionne en mode test et ne traite pas d’argent réel ; paiements, remboursements et versements sont simulés sur notre propre serveur.',
  );
  if (c.providers.sms !== 'log') out.push('Le service SMS qui envoie votre code de vérification (Twilio Verify) : votre numéro de GSM.');
  if (c.facebook_app_id) out.push('Facebook, si vous vous connectez avec : Facebook sait alors que vous utilisez Vrachtmarkt, et nous recevons votre nom, votre adresse e-mail et votre photo.');
  if (c.oidc_label) out.push(`${c.oidc_label}, si vous vous connectez avec : nous recevons votre nom, votre adresse e-mail et éventuellement votre date de naissance et votre photo.`);
  if (c.captcha.provider !== 'none') out.push('Le service de captcha qui vérifie qu’un humain demande un code SMS : votre adresse IP et des données de votre navigateur.');
  if (c.providers.geocoder !== 'embedded' || c.providers.router !== 'estimate')
    out.push('Le service qui recherche les adresses et calcule les itinéraires : ce que vous tapez dans un champ d’adresse et les coordonnées de l’itinéraire.');
  if (c.map.tile_url) out.push('Le service de cartes qui fournit les cartes : votre adresse IP et la partie de la carte que vous regardez.');
  return out;
}

const privacy = (c: AppConfig): LegalDoc => ({
  title: 'Déclaration de confidentialité',
  intro: 'Vous lisez ici quelles données nous collectons quand vous utilisez Vrachtmarkt, pourquoi, qui les reçoit, combien de temps nous les gardons et comment exercer vos droits. Nous décrivons ce que l’application fait réellement.',
  sections: [
    {
      heading: 'Qui nous sommes',
      blocks: [
        `Vrachtmarkt est exploité par ${who(c)}. Nous sommes le responsable du traitement de vos données personnelles.`,
        `Posez vos questions sur vos données via le formulaire de contact de la page d’aide, ou par e-mail à ${c.legal.operator.email}.`,
        { link: 'Vers la page d’aide', to: '/help' },
      ],
    },
    {
      heading: 'Quelles données nous collectons',
      blocks: [
        {
          list: [
            'Votre compte : prénom, nom, adresse e-mail, date de naissance (vous devez avoir 18 ans), pays, langue et votre mot de passe, que nous ne gardons que sous forme de hachage irréversible. Une photo de profil si vous en choisissez une.',
            'Votre numéro de GSM, que nous vérifions par un code SMS.',
            'Si vous réservez en tant qu’entreprise : le nom de l’entreprise, le numéro de TVA, l’adresse et l’adresse e-mail pour les factures.',
            'Vos missions : les adresses d’enlèvement et de livraison avec la personne de contact et les remarques, les plages horaires, les colis avec dimensions, poids, description et photos, l’assurance choisie, les offres et le prix.',
            'Les messages de chat entre l’expéditeur et le chauffeur au sujet d’une mission.',
            'Les positions du chauffeur pendant un trajet, du départ vers l’adresse d’enlèvement jusqu’à la livraison, quand le chauffeur partage la localisation de l’appareil.',
            'Les preuves à l’enlèvement et à la livraison : photos, le nom et la signature de qui remet ou reçoit les marchandises, et la lettre de voiture (CMR) avec les réserves et les signatures.',
            'Un problème signalé : les explications et photos de l’expéditeur et du chauffeur, et la décision de notre équipe avec sa motivation.',
            'Les paiements : le moyen, le montant et, pour une carte, seulement la marque et les quatre derniers chiffres. Les factures et notes de crédit.',
            'Des chauffeurs aussi : le numéro d’entreprise, le numéro de TVA ou le régime de franchise, l’IBAN, les véhicules avec leur plaque, les documents (permis de conduire, assurance CMR, licence de transport) avec leur date d’expiration, les versements et les autofactures.',
            'Les messages que vous envoyez via le formulaire de contact, et votre contestation d’une restriction de votre compte.',
            'Des données techniques : votre adresse IP dans le journal du serveur, des compteurs qui limitent les abus (trop de codes SMS ou de tentatives de connexion), vos réglages d’e-mail et, si vous activez les notifications push, l’adresse que votre navigateur donne pour elles.',
          ],
        },
      ],
    },
    {
      heading: 'Pourquoi, et sur quelle base juridique',
      blocks: [
        {
          list: [
            'Pour exécuter notre contrat avec vous (article 6.1.b du RGPD) : votre compte, vos missions et offres, le chat, les positions pendant le trajet, les preuves, les paiements et versements, et les e-mails et notifications sur vos missions.',
            'Parce que la loi l’exige (article 6.1.c) : factures, notes de crédit et comptabilité (Code de la TVA), lettres de voiture, la connaissance des professionnels qui travaillent via nous (Digital Services Act, article 30) et l’exposé des motifs d’une restriction.',
            'Pour notre intérêt légitime (article 6.1.f) : vérifier votre numéro de GSM et limiter les abus, régler un problème ou un litige sur les preuves des deux parties, et tenir un journal de ce que fait et consulte notre équipe.',
            'Avec votre consentement (article 6.1.a) : la localisation de votre appareil et les notifications push (votre navigateur vous le demande ; vous pouvez les désactiver à tout moment) et votre photo de profil.',
          ],
        },
        'Aucune décision vous concernant n’est prise par un ordinateur seul. Si un chauffeur rend souvent des missions, le système propose une restriction ; un membre de l’équipe en décide. Nous n’utilisons pas vos données pour de la publicité et ne les vendons pas.',
      ],
    },
    {
      heading: 'Qui reçoit vos données',
      blocks: [
        {
          list: [
            'L’autre partie d’une mission. Avant l’acceptation, les chauffeurs ne voient que les codes postaux et les communes, les colis et la plage horaire. Après l’acceptation, le chauffeur voit les adresses, les personnes de contact et les remarques, et l’expéditeur voit le nom et la photo du chauffeur et sa position pendant le trajet. Tous deux voient le chat et les preuves.',
            'Qui reçoit un lien de suivi de l’expéditeur : le statut de l’envoi, l’itinéraire et la position pendant le trajet, jusqu’à ce que l’expéditeur retire le lien.',
            ...services(c),
            'Le point d’accès Peppol qui livre les factures électroniques aux entreprises présentes sur le réseau Peppol : la facture telle qu’émise.',
            'Le service d’e-mail qui envoie nos e-mails : votre adresse e-mail et le contenu de l’e-mail.',
            'Le service push de votre navigateur, si vous activez les notifications push : la notification elle-même, chiffrée.',
            'L’assureur, si un dommage lui est soumis : le dossier avec la lettre de voiture, les photos, le chat et le déroulement du trajet.',
            'Notre équipe (support, finances, administration), chacun seulement ce que son rôle demande ; chaque consultation de documents personnels est journalisée. Et les autorités quand la loi l’exige (par exemple l’administration fiscale).',
          ],
        },
      ],
    },
    {
      heading: 'Combien de temps nous gardons les données',
      blocks: [
        {
          list: [
            `Les positions du chauffeur : ${c.legal.retention.positions_months} mois après la fin du trajet.`,
            `Les messages de chat : ${c.legal.retention.chat_months} mois après la fin du trajet.`,
            'Les factures, notes de crédit, notre comptabilité, les versements et les lettres de voiture : 10 ans, comme l’exige la loi belge, avec seulement ce qui doit y figurer.',
            'Tout le reste : jusqu’à ce que vous supprimiez votre compte.',
          ],
        },
        'Quand vous supprimez votre compte, nous effaçons votre nom, votre adresse e-mail, votre numéro de GSM et votre date de naissance, vos données d’entreprise et votre numéro de compte, vos véhicules et documents, la rue et le numéro de vos adresses (la commune reste), vos messages de chat, les positions de vos trajets et vos photos. C’est possible dès qu’aucun trajet n’est en cours et qu’aucun argent n’est en attente.',
      ],
    },
    {
      heading: 'Vos droits',
      blocks: [
        'Vous pouvez consulter vos données, en obtenir une copie, les faire rectifier ou effacer, faire limiter leur traitement et vous opposer à un traitement fondé sur notre intérêt légitime. Vous pouvez retirer votre consentement à tout moment.',
        'Sur la page de votre compte, sous « Vos données », vous téléchargez tout ce que nous gardons sur vous (un ZIP avec vos données et vos fichiers) et vous supprimez votre compte. Vous modifiez votre profil sous « Modifier le profil ». Pour tout le reste, utilisez le formulaire de contact de la page d’aide ; nous répondons dans le mois.',
        { link: 'Vers votre compte', to: '/account' },
        'Si vous n’êtes pas d’accord avec la manière dont nous traitons vos données, vous pouvez porter plainte auprès de l’Autorité de protection des données (www.autoriteprotectiondonnees.be).',
      ],
    },
    {
      heading: 'Cookies et stockage sur votre appareil',
      blocks: [
        'Nous n’utilisons aucun cookie publicitaire ou statistique. Sur votre appareil, l’application ne garde que ce dont elle a besoin pour fonctionner :',
        {
          list: [
            'vos clés de connexion, dans le stockage local de votre navigateur et dans un cookie au même contenu (SameSite=Strict, 30 jours), jusqu’à votre déconnexion ;',
            'la langue que vous choisissez ;',
            'le brouillon d’une nouvelle mission avec ses photos (stockage local et IndexedDB), jusqu’à ce que vous réserviez ou jetiez le brouillon ;',
            'dans l’application des chauffeurs : la dernière position envoyée, les filtres du tableau des missions, les actions qui attendent une connexion, et une copie de l’application elle-même pour qu’elle s’ouvre sans réseau.',
          ],
        },
      ],
    },
  ],
});

const terms = (c: AppConfig): LegalDoc => {
  const ins = f.insurance;
  return {
    title: 'Conditions d’utilisation',
    intro: `Ces conditions s’appliquent entre vous et ${c.legal.operator.name} quand vous utilisez Vrachtmarkt, comme expéditeur ou comme chauffeur.`,
    sections: [
      {
        heading: 'Qui nous sommes et ce que nous faisons',
        blocks: [
          `Vrachtmarkt est exploité par ${who(c)}.`,
          'Vrachtmarkt est une place de marché : les expéditeurs publient des missions, des chauffeurs indépendants font une offre, et l’expéditeur choisit. Le chauffeur effectue le transport comme transporteur indépendant et n’est pas notre salarié. Nous vendons le transport à l’expéditeur et l’achetons au chauffeur, chaque fois en notre propre nom (comme commissionnaire) : c’est pourquoi l’expéditeur reçoit une facture de notre part, et pourquoi nous établissons la facture du chauffeur.',
          'Vous devez avoir 18 ans, donner des données exactes et garder votre mot de passe secret.',
        ],
      },
      {
        heading: 'Prix',
        blocks: [
          `Tous les prix qu’un expéditeur voit comprennent ${f.vat} % de TVA et la prime de l’assurance choisie. Le prix de l’offre acceptée est ce que vous payez.`,
          `Nous retenons une commission de ${c.legal.commission_percent} % sur le prix d’un chauffeur. Le chauffeur voit la commission avant de faire une offre ; chaque offre garde le taux en vigueur quand elle a été faite. La commission ne s’ajoute jamais au prix de l’expéditeur.`,
        ],
      },
      {
        heading: 'Payer, et l’argent que nous gardons',
        blocks: [
          'L’expéditeur paie en acceptant une offre : par carte ou Bancontact ou, pour les entreprises approuvées, sur facture à 30 jours.',
          'Nous gardons l’argent jusqu’à la livraison. Il va au chauffeur dès que l’expéditeur confirme la livraison, ou 24 heures après une livraison avec preuve si l’expéditeur ne dit rien. Si l’expéditeur signale un problème, l’argent reste bloqué jusqu’à la décision de notre équipe.',
          'Les chauffeurs reçoivent ce qui leur est dû chaque lundi en un seul versement sur leur compte.',
        ],
      },
      {
        heading: 'Annuler',
        blocks: [
          {
            list: [
              'Avant qu’une offre soit acceptée : gratuit.',
              `Après l’acceptation : gratuit jusqu’à ${f.hoursBefore('fee_25')} heures avant le début de la plage d’enlèvement (la même heure deux jours plus tôt).`,
              `Ensuite ${f.fee('fee_25')} % du prix jusqu’à ${f.hoursBefore('fee_50')} heures avant la plage, ${f.fee('fee_50')} % jusqu’au début de la plage, et ${f.fee('fee_100')} % du début de la plage jusqu’au chargement.`,
              'Dès que les marchandises sont chargées, personne ne peut plus annuler la mission.',
            ],
          },
          `Vous voyez le montant avant d’annuler, et vous ne payez jamais un montant que vous n’avez pas vu. Des frais d’annulation, ${f.driverShare} % vont au chauffeur (qui a gardé le créneau libre) et ${f.platformShare} % à nous. Nous remboursons le reste via votre moyen de paiement, avec une note de crédit.`,
          'Si un chauffeur rend une mission acceptée, l’expéditeur est remboursé entièrement et la mission est de nouveau ouverte aux offres.',
        ],
      },
      {
        heading: 'Problèmes et comment nous décidons',
        blocks: [
          'Signalez un dommage, une perte, un retard ou autre chose sur la page de la mission jusqu’à 24 heures après la livraison, tant que vous n’avez pas confirmé la livraison ; un chauffeur qui ne s’est pas présenté peut aussi être signalé avant le chargement. Chaque mission admet un signalement, avec vos explications (pour un dommage ou une perte, le colis concerné) et des photos.',
          'Le chauffeur est prévenu et répond une fois, avec ses propres explications et photos. Entre-temps, l’argent reste bloqué.',
          'Un membre de l’équipe finances examine tout : la lettre de voiture avec ses réserves et signatures, les photos à l’enlèvement et à la livraison, le chat, les positions et les heures, et ce que disent les deux parties. Il décide : l’argent au chauffeur, un remboursement partiel ou total à l’expéditeur, ou la transmission du dommage à l’assureur. Les deux parties reçoivent la décision avec une motivation écrite. Si vous n’êtes pas d’accord, dites-le-nous via la page d’aide ; vous pouvez toujours saisir le juge.',
        ],
      },
      {
        heading: 'Assurance',
        blocks: [
          'En réservant, vous choisissez la couverture de vos marchandises :',
          {
            list: [
              'Risque propre : aucune couverture, aucune prime.',
              `CMR de base : jusqu’à ${eur(ins('cmr').coverCents, 'fr')}, sans prime.`,
              `All-in : jusqu’à ${eur(ins('all_1250').coverCents, 'fr')}, ${eur(ins('all_2500').coverCents, 'fr')} ou ${eur(ins('all_5000').coverCents, 'fr')}, pour une prime de ${eur(ins('all_1250').premiumCents, 'fr')}, ${eur(ins('all_2500').premiumCents, 'fr')} ou ${eur(ins('all_5000').premiumCents, 'fr')} (hors TVA).`,
            ],
          },
          'Pour une mission assurée, notre équipe peut transmettre le dommage à l’assureur, jusqu’à la couverture choisie ; le chauffeur reçoit alors l’argent de la mission.',
        ],
      },
      {
        heading: 'Restrictions, suspension et contestation',
        blocks: [
          'Si vous ne respectez pas ces conditions ou la loi, nous pouvons restreindre votre compte (plus de nouvelles missions ni d’offres) ou le suspendre (plus d’utilisation de l’application, sauf pour lire la décision et la contester). Les missions, paiements et versements en cours continuent.',
          'Vous recevez toujours un exposé des motifs dans votre langue : ce qui est restreint, depuis quand et jusqu’à quand, pourquoi, et comment contester. Vous contestez dans l’application sous Compte › Restrictions ; un membre de l’équipe l’examine et vous recevez une réponse motivée. Un signal automatique (par exemple beaucoup de missions rendues) ne mène qu’à une proposition ; une personne décide.',
          'Pour les utilisateurs professionnels (chauffeurs, et expéditeurs qui réservent en tant qu’entreprise), nous suivons le règlement (UE) 2019/1150 (plateformes-entreprises) : un exposé des motifs pour chaque restriction ou suspension (article 4), un préavis de 30 jours avant de mettre fin à toute la relation, sauf obligation légale ou manquement grave ou répété, un traitement interne des plaintes, et la possibilité d’une médiation. Nous leur annonçons les modifications de ces conditions au moins 15 jours à l’avance.',
        ],
      },
      {
        heading: 'Chauffeurs',
        blocks: [
          'Un chauffeur ne roule qu’après notre vérification de son identité, de son entreprise, de son véhicule et de ses documents (permis de conduire, assurance CMR et, si nécessaire, licence de transport). Les documents doivent rester valables.',
          'Par la convention d’autofacturation, nous établissons au nom et pour le compte du chauffeur la facture de chaque mission dont l’argent est libéré (article 53, § 2 du Code de la TVA). Le chauffeur peut contester une autofacture par écrit dans les 30 jours et reste responsable de sa propre TVA.',
        ],
      },
      {
        heading: 'Droit et juridiction',
        blocks: [
          'Ces conditions sont régies par le droit belge. Les litiges relèvent des tribunaux belges ; en tant que consommateur, vous pouvez aussi saisir le juge de votre domicile, et vous gardez la protection du droit de la consommation.',
          'Nous pouvons modifier ces conditions ; la date en haut indique la dernière version.',
        ],
      },
    ],
  };
};

export const fr: LegalTexts = { privacy, terms };
