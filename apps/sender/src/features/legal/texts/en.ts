import type { AppConfig } from '@vm/domain/app-config';
import { enterpriseNumber, eur, figures as f, type LegalDoc, type LegalTexts } from '../legal-doc.ts';

// English: the privacy statement and the terms of use (issue 23 part 4), as the Dutch ones.

const who = (c: AppConfig) => {
  const o = c.legal.operator;
  return `${o.name}, ${o.address}, enterprise number ${enterpriseNumber(o.enterprise_number)} (VAT BE${o.enterprise_number})`;
};

function services(c: AppConfig): string[] {
  const out: string[] = [];
  out.push(
    c.payments.provider === 'stripe'
      ? 'The payment provider Stripe: your payments (card, Bancontact), refunds and the payouts to drivers. You type your card number into Stripe’s form; we only receive the brand and the last four digits.'
      : 'The payment provider: this installation runs in test mode and handles no real money; payments, refunds and payouts are simulated on our own server.',
  );
  if (c.providers.sms !== 'log') out.push('The SMS service that sends your verification code (Twilio Verify): your mobile number.');
  if (c.facebook_app_id) out.push('Facebook, if you sign in with it: Facebook then knows you use Vrachtmarkt, and we receive your name, email address and picture.');
  if (c.oidc_label) out.push(`${c.oidc_label}, if you sign in with it: we receive your name, email address and possibly your date of birth and picture.`);
  if (c.captcha.provider !== 'none') out.push('The captcha service that checks that a human asks for an SMS code: your IP address and details of your browser.');
  if (c.providers.geocoder !== 'embedded' || c.providers.router !== 'estimate')
    out.push('The service that looks up addresses and calculates routes: what you type in an address field and the coordinates of the route.');
  if (c.map.tile_url) out.push('The map service that supplies the maps: your IP address and the part of the map you look at.');
  return out;
}

const privacy = (c: AppConfig): LegalDoc => ({
  title: 'Privacy statement',
  intro: 'This page tells you which data we collect when you use Vrachtmarkt, why, who receives it, how long we keep it and how to use your rights. It describes what the app actually does.',
  sections: [
    {
      heading: 'Who we are',
      blocks: [
        `Vrachtmarkt is run by ${who(c)}. We are the controller of your personal data.`,
        `Ask your questions about your data through the contact form on the help page, or by email to ${c.legal.operator.email}.`,
        { link: 'Go to the help page', to: '/help' },
      ],
    },
    {
      heading: 'What data we collect',
      blocks: [
        {
          list: [
            'Your account: first name, last name, email address, date of birth (you must be 18), country, language and your password, which we only keep as a one-way hash. A profile picture if you choose one.',
            'Your mobile number, which we verify with an SMS code.',
            'If you book as a company: the company name, VAT number, address and the email address for invoices.',
            'Your jobs: the pickup and delivery addresses with contact person and notes, the time windows, the packages with size, weight, description and photos, the insurance chosen, the bids and the price.',
            'The chat messages between sender and driver about a job.',
            'The driver’s positions during a trip, from setting off to the pickup address until delivery, when the driver shares the device’s location.',
            'The proofs at pickup and delivery: photos, the name and signature of whoever hands over or receives the goods, and the consignment note (CMR) with its reservations and signatures.',
            'A reported problem: the sender’s and the driver’s statements and photos, and our staff’s decision with its reasons.',
            'Payments: the method, the amount and, for a card, only the brand and last four digits. Invoices and credit notes.',
            'From drivers also: the enterprise number, the VAT number or exemption scheme, the IBAN, the vehicles with their number plates, the documents (driving licence, CMR insurance, transport licence) with their expiry dates, the payouts and the self-billed invoices.',
            'Messages you send through the contact form, and your contest of a restriction of your account.',
            'Technical data: your IP address in the server’s log, counters that limit abuse (too many SMS codes or sign-in attempts), your email settings and, if you turn on push notifications, the address your browser gives for them.',
          ],
        },
      ],
    },
    {
      heading: 'Why, and on what legal basis',
      blocks: [
        {
          list: [
            'To perform our contract with you (GDPR article 6(1)(b)): your account, your jobs and bids, the chat, the positions during the trip, the proofs, payments and payouts, and the emails and notifications about your jobs.',
            'Because the law requires it (article 6(1)(c)): invoices, credit notes and the accounts (Belgian VAT code), consignment notes, knowing the traders who work through us (Digital Services Act, article 30) and the statement of reasons for a restriction.',
            'For our legitimate interest (article 6(1)(f)): verifying your mobile number and limiting abuse, settling a problem or dispute on both parties’ evidence, and keeping a log of what our staff do and look at.',
            'With your consent (article 6(1)(a)): your device’s location and push notifications (your browser asks you; you can turn them off at any time) and your profile picture.',
          ],
        },
        'No decision about you is taken by a computer alone. If a driver gives back many jobs, the system proposes a restriction; a member of staff decides on it. We do not use your data for advertising and do not sell it.',
      ],
    },
    {
      heading: 'Who receives your data',
      blocks: [
        {
          list: [
            'The other party of a job. Before acceptance drivers only see the postcodes and towns, the packages and the time window. After acceptance the driver sees the addresses, contact persons and notes, and the sender sees the driver’s name and picture and their position during the trip. Both see the chat and the proofs.',
            'Whoever receives a tracking link from the sender: the shipment’s status, the route and the position during the trip, until the sender revokes the link.',
            ...services(c),
            'The Peppol access point that delivers e-invoices to businesses on the Peppol network: the invoice as issued.',
            'The mail service that sends our emails: your email address and the content of the email.',
            'Your browser’s push service, if you turn on push notifications: the notification itself, encrypted.',
            'The insurer, if a loss is referred to them: the file with the consignment note, the photos, the chat and the course of the trip.',
            'Our staff (support, finance, administration), each only what their role needs; every view of personal documents is logged. And the authorities where the law requires it (for example the tax administration).',
          ],
        },
      ],
    },
    {
      heading: 'How long we keep data',
      blocks: [
        {
          list: [
            `The driver’s positions: ${c.legal.retention.positions_months} months after the trip ended.`,
            `Chat messages: ${c.legal.retention.chat_months} months after the trip ended.`,
            'Invoices, credit notes, our accounts, payouts and consignment notes: 10 years, as Belgian law requires, with only what must be on them.',
            'Everything else: until you delete your account.',
          ],
        },
        'When you delete your account we erase your name, email address, mobile number and date of birth, your company details and account number, your vehicles and documents, the street and number of your addresses (the town stays), your chat messages, the positions of your trips and your pictures. This is possible once no trip of yours is under way and no money is outstanding.',
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        'You may see your data, get a copy, have it corrected or erased, have its processing restricted and object to processing based on our legitimate interest. You can withdraw your consent at any time.',
        'On your account page, under ‘Your data’, you download everything we keep about you (a ZIP with your data and your files) and delete your account. You change your profile under ‘Edit profile’. For anything else use the contact form on the help page; we answer within one month.',
        { link: 'Go to your account', to: '/account' },
        'If you disagree with how we handle your data, you can complain to the Belgian Data Protection Authority (www.dataprotectionauthority.be).',
      ],
    },
    {
      heading: 'Cookies and storage on your device',
      blocks: [
        'We use no cookies for advertising or statistics. On your device the app keeps only what it needs to work:',
        {
          list: [
            'your sign-in keys, in your browser’s local storage and in a cookie with the same content (SameSite=Strict, 30 days), until you sign out;',
            'the language you choose;',
            'the draft of a new job with its photos (local storage and IndexedDB), until you book or discard the draft;',
            'in the driver app: the last position sent, the job board’s filters, actions waiting for a connection, and a copy of the app itself so that it opens without a network.',
          ],
        },
      ],
    },
  ],
});

const terms = (c: AppConfig): LegalDoc => {
  const ins = f.insurance;
  return {
    title: 'Terms of use',
    intro: `These terms apply between you and ${c.legal.operator.name} when you use Vrachtmarkt, as a sender or as a driver.`,
    sections: [
      {
        heading: 'Who we are and what we do',
        blocks: [
          `Vrachtmarkt is run by ${who(c)}.`,
          'Vrachtmarkt is a marketplace: senders post jobs, independent drivers bid, and the sender chooses. The driver carries out the transport as an independent carrier and is not our employee. We sell the transport to the sender and buy it from the driver, each time in our own name (as a commission agent): that is why the sender receives an invoice from us, and why we write the driver’s invoice.',
          'You must be 18, give correct details and keep your password secret.',
        ],
      },
      {
        heading: 'Prices',
        blocks: [
          `Every price a sender sees includes ${f.vat}% VAT and the premium of the insurance chosen. The price of the accepted bid is what you pay.`,
          `We keep a commission of ${c.legal.commission_percent}% of a driver’s price. Drivers see the commission before bidding; each bid keeps the rate in force when it was made. The commission is never added to the sender’s price.`,
        ],
      },
      {
        heading: 'Paying, and money we hold',
        blocks: [
          'The sender pays when accepting a bid: by card or Bancontact or, for approved companies, by invoice within 30 days.',
          'We hold the money until delivery. It goes to the driver as soon as the sender confirms the delivery, or 24 hours after a delivery with proof if the sender says nothing. If the sender reports a problem, the money stays held until our staff decide.',
          'Drivers receive what they are owed every Monday in one payout to their account.',
        ],
      },
      {
        heading: 'Cancelling',
        blocks: [
          {
            list: [
              'Before a bid is accepted: free.',
              `After acceptance: free until ${f.hoursBefore('fee_25')} hours before the pickup window opens (the same clock time two days earlier).`,
              `Then ${f.fee('fee_25')}% of the price until ${f.hoursBefore('fee_50')} hours before the window, ${f.fee('fee_50')}% until the window opens, and ${f.fee('fee_100')}% from the window’s opening until loading.`,
              'Once the goods are loaded, nobody can cancel the job.',
            ],
          },
          `You see the amount before you cancel, and you never pay an amount you have not seen. Of the cancellation fee ${f.driverShare}% goes to the driver (who kept the slot free) and ${f.platformShare}% to us. We refund the rest through your payment method, with a credit note.`,
          'If a driver gives back an accepted job, the sender gets everything back and the job is open for bids again.',
        ],
      },
      {
        heading: 'Problems and how we decide',
        blocks: [
          'Report damage, loss, lateness or something else on the job’s page until 24 hours after delivery, as long as you have not confirmed the delivery; a driver who did not turn up can also be reported before loading. Each job takes one report, with your statement (for damage or loss, the package concerned) and photos.',
          'The driver is told and answers once, with their own statement and photos. Meanwhile the money stays held.',
          'A member of the finance staff reviews everything: the consignment note with its reservations and signatures, the photos at pickup and delivery, the chat, the positions and times, and what both parties say. They decide: the money to the driver, a partial or full refund to the sender, or referring the loss to the insurer. Both parties receive the decision with written reasons. If you disagree, tell us through the help page; you can always go to court.',
        ],
      },
      {
        heading: 'Insurance',
        blocks: [
          'When booking you choose the cover for your goods:',
          {
            list: [
              'Own risk: no cover, no premium.',
              `CMR basic: up to ${eur(ins('cmr').coverCents, 'en')}, without premium.`,
              `All-in: up to ${eur(ins('all_1250').coverCents, 'en')}, ${eur(ins('all_2500').coverCents, 'en')} or ${eur(ins('all_5000').coverCents, 'en')}, for a premium of ${eur(ins('all_1250').premiumCents, 'en')}, ${eur(ins('all_2500').premiumCents, 'en')} or ${eur(ins('all_5000').premiumCents, 'en')} (excluding VAT).`,
            ],
          },
          'For an insured job our staff can refer the loss to the insurer, up to the cover chosen; the driver then receives the job’s money.',
        ],
      },
      {
        heading: 'Restrictions, suspension and contesting',
        blocks: [
          'If you do not respect these terms or the law, we can restrict your account (no new jobs or bids) or suspend it (no use of the app except to read the decision and contest it). Jobs, payments and payouts under way carry on.',
          'You always receive a statement of reasons in your language: what is restricted, from when until when, why, and how to contest it. You contest in the app under Account › Restrictions; a member of staff reviews it and you receive a reasoned answer. An automated signal (for example many jobs given back) only leads to a proposal; a person decides.',
          'For business users (drivers, and senders booking as a company) we follow Regulation (EU) 2019/1150 (platform-to-business): a statement of reasons for every restriction or suspension (article 4), 30 days’ notice before we end the relationship altogether, except for a legal obligation or a serious or repeated breach, internal complaint handling, and the option of mediation. We announce changes to these terms to them at least 15 days in advance.',
        ],
      },
      {
        heading: 'Drivers',
        blocks: [
          'A driver only drives after we have checked their identity, business, vehicle and documents (driving licence, CMR insurance and, where needed, transport licence). Documents must stay valid.',
          'Under the self-billing agreement we write the invoice in the driver’s name and on their behalf for every job whose money is released (Belgian VAT code, article 53, § 2). The driver can contest a self-billed invoice in writing within 30 days and remains responsible for their own VAT.',
        ],
      },
      {
        heading: 'Law and courts',
        blocks: [
          'These terms are governed by Belgian law. Disputes go to the Belgian courts; as a consumer you may also go to the court of where you live, and you keep the protection of consumer law.',
          'We may change these terms; the date at the top shows the latest version.',
        ],
      },
    ],
  };
};

export const en: LegalTexts = { privacy, terms };
