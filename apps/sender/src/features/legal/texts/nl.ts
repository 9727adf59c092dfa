import type { AppConfig } from '@vm/domain/app-config';
import { enterpriseNumber, eur, figures as f, type LegalDoc, type LegalTexts } from '../legal-doc.ts';

// Dutch, the product language: the privacy statement and the terms of use (issue 23 part 4).

const who = (c: AppConfig) => {
  const o = c.legal.operator;
  return `${o.name}, ${o.address}, ondernemingsnummer ${enterpriseNumber(o.enterprise_number)} (btw BE${o.enterprise_number})`;
};

/** The outside services this installation uses, as configured. */
function services(c: AppConfig): string[] {
  const out: string[] = [];
  out.push(
    c.payments.provider === 'stripe'
      ? 'De betaaldienst Stripe: je betalingen (kaart, Bancontact), terugbetalingen en de uitbetalingen aan chauffeurs. Het kaartnummer typ je in het formulier van Stripe; wij krijgen alleen het merk en de laatste vier cijfers.'
      : 'De betaaldienst: deze installatie draait in testmodus en verwerkt geen echt geld; betalingen, terugbetalingen en uitbetalingen worden nagebootst op onze eigen server.',
  );
  if (c.providers.sms !== 'log') out.push('De sms-dienst die je controlecode verstuurt (Twilio Verify): je gsm-nummer.');
  if (c.facebook_app_id) out.push('Facebook, als je je daarmee aanmeldt: Facebook weet dan dat je Vrachtmarkt gebruikt, en wij krijgen je naam, e-mailadres en foto.');
  if (c.oidc_label) out.push(`${c.oidc_label}, als je je daarmee aanmeldt: wij krijgen je naam, e-mailadres en eventueel je geboortedatum en foto.`);
  if (c.captcha.provider !== 'none') out.push('De captchadienst die controleert of een mens een sms-code vraagt: je IP-adres en gegevens van je browser.');
  if (c.providers.geocoder !== 'embedded' || c.providers.router !== 'estimate')
    out.push('De dienst die adressen opzoekt en routes berekent: wat je typt in een adresveld en de coördinaten van de route.');
  if (c.map.tile_url) out.push('De kaartendienst die de kaarten levert: je IP-adres en het stuk kaart dat je bekijkt.');
  return out;
}

const privacy = (c: AppConfig): LegalDoc => ({
  title: 'Privacyverklaring',
  intro: 'Hier lees je welke gegevens we verzamelen als je Vrachtmarkt gebruikt, waarom, wie ze krijgt, hoe lang we ze bewaren en hoe je je rechten uitoefent. We beschrijven wat de app werkelijk doet.',
  sections: [
    {
      heading: 'Wie we zijn',
      blocks: [
        `Vrachtmarkt wordt uitgebaat door ${who(c)}. Wij zijn de verwerkingsverantwoordelijke voor je persoonsgegevens.`,
        `Vragen over je gegevens stel je via het contactformulier op de hulppagina, of per e-mail aan ${c.legal.operator.email}.`,
        { link: 'Naar de hulppagina', to: '/help' },
      ],
    },
    {
      heading: 'Welke gegevens we verzamelen',
      blocks: [
        {
          list: [
            'Je account: voornaam, naam, e-mailadres, geboortedatum (je moet 18 jaar zijn), land, taal en je wachtwoord, dat we alleen als onomkeerbare hash bewaren. Een profielfoto als je er een kiest.',
            'Je gsm-nummer, dat we controleren met een sms-code.',
            'Als je als bedrijf boekt: de bedrijfsnaam, het btw-nummer, het adres en het e-mailadres voor facturen.',
            'Je opdrachten: de ophaal- en leveradressen met contactpersoon en opmerkingen, de tijdvensters, de pakketten met afmetingen, gewicht, omschrijving en foto’s, de gekozen verzekering, de biedingen en de prijs.',
            'De chatberichten tussen verzender en chauffeur over een opdracht.',
            'De posities van de chauffeur tijdens een rit, van het vertrek naar het ophaaladres tot de levering, als de chauffeur de locatie van het toestel deelt.',
            'De bewijzen bij ophalen en leveren: foto’s, de naam en handtekening van wie de goederen afgeeft of ontvangt, en de vrachtbrief (CMR) met de voorbehouden en handtekeningen.',
            'Een gemeld probleem: de uitleg en foto’s van de verzender en van de chauffeur, en de beslissing van onze medewerkers met haar motivering.',
            'Betalingen: de betaalwijze, het bedrag en bij een kaart alleen het merk en de laatste vier cijfers. Facturen en creditnota’s.',
            'Van chauffeurs ook: het ondernemingsnummer, het btw-nummer of de vrijstellingsregeling, het IBAN-rekeningnummer, de voertuigen met nummerplaat, de documenten (rijbewijs, CMR-verzekering, vervoersvergunning) met hun vervaldatum, de uitbetalingen en de zelffacturen.',
            'Berichten die je via het contactformulier stuurt, en je bezwaar tegen een beperking van je account.',
            'Technische gegevens: je IP-adres in het logboek van de server, tellers die misbruik beperken (te veel sms-codes of aanmeldpogingen), je e-mailinstellingen en, als je pushmeldingen aanzet, het adres dat je browser daarvoor opgeeft.',
          ],
        },
      ],
    },
    {
      heading: 'Waarom, en op welke rechtsgrond',
      blocks: [
        {
          list: [
            'Om de overeenkomst met jou uit te voeren (artikel 6.1.b AVG): je account, je opdrachten en biedingen, de chat, de posities tijdens de rit, de bewijzen, de betalingen en uitbetalingen, en de e-mails en meldingen over je opdrachten.',
            'Omdat de wet het vraagt (artikel 6.1.c AVG): facturen, creditnota’s en boekhouding (Btw-wetboek), vrachtbrieven, het kennen van de handelaars die via ons werken (Digital Services Act, artikel 30) en de motivering van een beperking.',
            'Voor ons gerechtvaardigd belang (artikel 6.1.f AVG): je gsm-nummer controleren en misbruik beperken, een probleem of geschil beslechten met het bewijs van beide partijen, en een logboek bijhouden van wat onze medewerkers doen en bekijken.',
            'Met je toestemming (artikel 6.1.a AVG): de locatie van je toestel en pushmeldingen (je browser vraagt het je; je kunt het altijd weer uitzetten) en je profielfoto.',
          ],
        },
        'Geen enkele beslissing over jou wordt alleen door een computer genomen. Geeft een chauffeur vaak ritten terug, dan stelt het systeem een beperking voor; een medewerker beslist daarover. We gebruiken je gegevens niet voor reclame en verkopen ze niet.',
      ],
    },
    {
      heading: 'Wie je gegevens krijgt',
      blocks: [
        {
          list: [
            'De andere partij van een opdracht. Vóór de aanvaarding zien chauffeurs alleen de postcodes en gemeenten, de pakketten en het tijdvenster. Na de aanvaarding ziet de chauffeur de adressen, de contactpersonen en de opmerkingen, en ziet de verzender de naam en foto van de chauffeur en diens positie tijdens de rit. De chat en de bewijzen zien beiden.',
            'Wie van de verzender een volglink krijgt: de status van de zending, de route en de positie tijdens de rit, tot de verzender de link intrekt.',
            ...services(c),
            'Het Peppol-toegangspunt dat e-facturen aflevert aan bedrijven die op het Peppol-netwerk zitten: de factuur zoals ze is opgemaakt.',
            'De maildienst die onze e-mails verstuurt: je e-mailadres en de inhoud van de e-mail.',
            'De push-dienst van je browser, als je pushmeldingen aanzet: de melding zelf, versleuteld.',
            'De verzekeraar, als een schade aan hem wordt voorgelegd: het dossier met de vrachtbrief, de foto’s, de chat en het verloop van de rit.',
            'Onze medewerkers (support, financiën, beheer), elk alleen wat de rol vraagt; elke inzage in persoonlijke documenten wordt gelogd. En de overheid, als de wet het vraagt (bijvoorbeeld de belastingadministratie).',
          ],
        },
      ],
    },
    {
      heading: 'Hoe lang we gegevens bewaren',
      blocks: [
        {
          list: [
            `De posities van de chauffeur: ${c.legal.retention.positions_months} maanden na het einde van de rit.`,
            `De chatberichten: ${c.legal.retention.chat_months} maanden na het einde van de rit.`,
            'Facturen, creditnota’s, onze boekhouding, uitbetalingen en de vrachtbrieven: 10 jaar, zoals de Belgische wet vraagt, met alleen wat daarop moet staan.',
            'Al het andere: tot je je account verwijdert.',
          ],
        },
        'Verwijder je je account, dan wissen we je naam, e-mailadres, gsm-nummer en geboortedatum, je bedrijfsgegevens en rekeningnummer, je voertuigen en documenten, de straat en het huisnummer van je adressen (de gemeente blijft), je chatberichten, de posities van je ritten en je foto’s. Dat kan pas als geen rit van je meer loopt en er geen geld meer openstaat.',
      ],
    },
    {
      heading: 'Je rechten',
      blocks: [
        'Je mag je gegevens inzien, een kopie ervan krijgen, ze laten verbeteren of wissen, de verwerking laten beperken en je verzetten tegen een verwerking op basis van ons gerechtvaardigd belang. Toestemming kun je altijd intrekken.',
        'Op je accountpagina, onder ‘Je gegevens’, download je alles wat we over je bewaren (een ZIP met je gegevens en je bestanden) en verwijder je je account. Je profiel pas je aan onder ‘Profiel bewerken’. Voor al het andere gebruik je het contactformulier op de hulppagina; we antwoorden binnen een maand.',
        { link: 'Naar je account', to: '/account' },
        'Ben je het niet eens met hoe we je gegevens behandelen, dan kun je een klacht indienen bij de Gegevensbeschermingsautoriteit (www.gegevensbeschermingsautoriteit.be).',
      ],
    },
    {
      heading: 'Cookies en opslag op je toestel',
      blocks: [
        'We gebruiken geen cookies voor reclame of statistieken. Op je toestel bewaart de app alleen wat ze nodig heeft om te werken:',
        {
          list: [
            'je aanmeldsleutels, in de lokale opslag van je browser en in een cookie met dezelfde inhoud (SameSite=Strict, 30 dagen), tot je je afmeldt;',
            'de taal die je kiest;',
            'het concept van een nieuwe opdracht met de foto’s (lokale opslag en IndexedDB), tot je boekt of het concept weggooit;',
            'in de chauffeursapp: de laatst verstuurde positie, de filters van het rittenbord, acties die wachten op een verbinding, en een kopie van de app zelf zodat ze zonder netwerk opent.',
          ],
        },
      ],
    },
  ],
});

const terms = (c: AppConfig): LegalDoc => {
  const ins = f.insurance;
  return {
    title: 'Gebruiksvoorwaarden',
    intro: `Deze voorwaarden gelden tussen jou en ${c.legal.operator.name} wanneer je Vrachtmarkt gebruikt, als verzender of als chauffeur.`,
    sections: [
      {
        heading: 'Wie we zijn en wat we doen',
        blocks: [
          `Vrachtmarkt wordt uitgebaat door ${who(c)}.`,
          'Vrachtmarkt is een marktplaats: verzenders plaatsen opdrachten, zelfstandige chauffeurs doen een bod, en de verzender kiest. De chauffeur voert het vervoer uit als zelfstandige vervoerder en is niet onze werknemer. Wij verkopen het vervoer aan de verzender en kopen het van de chauffeur, telkens in eigen naam (als commissionair): daarom krijgt de verzender een factuur van ons, en maken wij de factuur van de chauffeur op.',
          'Je moet 18 jaar zijn, juiste gegevens opgeven en je wachtwoord geheim houden.',
        ],
      },
      {
        heading: 'Prijzen',
        blocks: [
          `Alle prijzen die een verzender ziet, zijn inclusief ${f.vat} % btw en inclusief de premie van de gekozen verzekering. De prijs van het aanvaarde bod is wat je betaalt.`,
          `Op de prijs van een chauffeur houden we een commissie van ${c.legal.commission_percent} % in. De chauffeur ziet de commissie vóór het bieden; elk bod houdt het percentage dat gold toen het werd gedaan. De commissie komt nooit bovenop de prijs van de verzender.`,
        ],
      },
      {
        heading: 'Betalen, en geld dat we vasthouden',
        blocks: [
          'De verzender betaalt bij het aanvaarden van een bod: met een kaart of Bancontact, of, voor goedgekeurde bedrijven, op factuur binnen 30 dagen.',
          'We houden het geld vast tot de levering. Het gaat naar de chauffeur zodra de verzender de levering bevestigt, of 24 uur na de levering met leveringsbewijs als de verzender niets laat weten. Meldt de verzender een probleem, dan blijft het geld vastgehouden tot onze medewerkers beslissen.',
          'Chauffeurs krijgen wat hen toekomt elke maandag in één uitbetaling op hun rekening.',
        ],
      },
      {
        heading: 'Annuleren',
        blocks: [
          {
            list: [
              'Vóór een bod aanvaard is: gratis.',
              `Na de aanvaarding: gratis tot ${f.hoursBefore('fee_25')} uur vóór het ophaalvenster begint (dezelfde kloktijd twee dagen eerder).`,
              `Daarna ${f.fee('fee_25')} % van de prijs tot ${f.hoursBefore('fee_50')} uur vóór het venster, dan ${f.fee('fee_50')} % tot het venster begint, en ${f.fee('fee_100')} % vanaf het begin van het venster tot het laden.`,
              'Zodra de goederen geladen zijn, kan niemand de opdracht nog annuleren.',
            ],
          },
          `Je ziet het bedrag voor je annuleert, en je betaalt nooit een bedrag dat je niet gezien hebt. Van de annuleringskost gaat ${f.driverShare} % naar de chauffeur (die het tijdstip vrijhield) en ${f.platformShare} % naar ons. De rest betalen we terug via je betaalwijze, met een creditnota.`,
          'Geeft een chauffeur een aanvaarde rit terug, dan krijgt de verzender alles terug en staat de opdracht weer open voor biedingen.',
        ],
      },
      {
        heading: 'Problemen en hoe we beslissen',
        blocks: [
          'Schade, verlies, vertraging of iets anders meld je op de pagina van de opdracht tot 24 uur na de levering, zolang je de levering niet bevestigd hebt; dat de chauffeur niet kwam opdagen, meld je ook vóór het laden. Per opdracht is er één melding, met je uitleg (en bij schade of verlies het pakket) en foto’s.',
          'De chauffeur krijgt bericht en antwoordt één keer met eigen uitleg en foto’s. Het geld blijft intussen vastgehouden.',
          'Een medewerker van financiën bekijkt alles: de vrachtbrief met voorbehouden en handtekeningen, de foto’s bij ophalen en leveren, de chat, de posities en tijden, en wat beide partijen zeggen. Die beslist: het geld naar de chauffeur, een gedeeltelijke of volledige terugbetaling aan de verzender, of de schade voorleggen aan de verzekeraar. Beide partijen krijgen de beslissing met een geschreven motivering. Ben je het er niet mee eens, laat het ons weten via de hulppagina; je kunt altijd naar de rechter stappen.',
        ],
      },
      {
        heading: 'Verzekering',
        blocks: [
          'Bij het boeken kies je de dekking van je goederen:',
          {
            list: [
              'Eigen risico: geen dekking, geen premie.',
              `CMR-basis: tot ${eur(ins('cmr').coverCents, 'nl')}, zonder premie.`,
              `All-in: tot ${eur(ins('all_1250').coverCents, 'nl')}, ${eur(ins('all_2500').coverCents, 'nl')} of ${eur(ins('all_5000').coverCents, 'nl')}, voor een premie van ${eur(ins('all_1250').premiumCents, 'nl')}, ${eur(ins('all_2500').premiumCents, 'nl')} of ${eur(ins('all_5000').premiumCents, 'nl')} (zonder btw).`,
            ],
          },
          'Bij een verzekerde opdracht kan onze medewerker de schade voorleggen aan de verzekeraar, tot de gekozen dekking; de chauffeur krijgt dan het geld van de rit.',
        ],
      },
      {
        heading: 'Beperkingen, schorsing en bezwaar',
        blocks: [
          'Wie deze voorwaarden of de wet niet naleeft, kunnen we beperken (geen nieuwe opdrachten of biedingen meer) of schorsen (de app niet meer gebruiken, behalve om de beslissing te lezen en er bezwaar tegen te maken). Opdrachten, betalingen en uitbetalingen die lopen, lopen door.',
          'Je krijgt altijd een motivering in je taal: wat beperkt is, vanaf wanneer en tot wanneer, waarom, en hoe je bezwaar maakt. Bezwaar maak je in de app onder Account › Beperkingen; een medewerker bekijkt het en je krijgt een gemotiveerd antwoord. Een automatisch signaal (bijvoorbeeld veel teruggegeven ritten) leidt alleen tot een voorstel; een mens beslist.',
          'Voor zakelijke gebruikers (chauffeurs, en verzenders die als bedrijf boeken) volgen we de Verordening (EU) 2019/1150 (platform-to-business): een motivering bij elke beperking of schorsing (artikel 4), een opzegging van 30 dagen voordat we de samenwerking helemaal beëindigen, behalve bij een wettelijke verplichting of een ernstige of herhaalde inbreuk, een interne klachtenbehandeling, en de mogelijkheid van bemiddeling. Wijzigingen van deze voorwaarden melden we hen minstens 15 dagen vooraf.',
        ],
      },
      {
        heading: 'Chauffeurs',
        blocks: [
          'Een chauffeur rijdt pas na onze controle van identiteit, onderneming, voertuig en documenten (rijbewijs, CMR-verzekering en, waar nodig, vervoersvergunning). Documenten moeten geldig blijven.',
          'Met de overeenkomst voor zelffacturatie maken wij in naam en voor rekening van de chauffeur de factuur op voor elke rit waarvan het geld vrijkomt (artikel 53, § 2 Btw-wetboek). De chauffeur kan een zelffactuur binnen 30 dagen schriftelijk betwisten en blijft zelf verantwoordelijk voor zijn btw.',
        ],
      },
      {
        heading: 'Recht en rechter',
        blocks: [
          'Op deze voorwaarden is het Belgische recht van toepassing. Geschillen gaan naar de Belgische rechtbanken; als consument kun je ook terecht bij de rechter van je woonplaats, en je behoudt de bescherming van het consumentenrecht.',
          'We kunnen deze voorwaarden wijzigen; de datum bovenaan toont de laatste versie.',
        ],
      },
    ],
  };
};

export const nl: LegalTexts = { privacy, terms };
