import type { Locale, ProblemCase } from '@vm/domain';
import { zipSync } from 'fflate';
import { money, openPdf } from '../../lib/pdf/pdf-writer.ts';

// Issue 23 part 1: the insurance claim file of an insured job: a PDF that states the claim (the job,
// its people, the cover chosen at booking, what was reported and answered, staff's decision) and a
// ZIP with it, the consignment note and every photo of the evidence, for the insurer.

export type ClaimEvidence = { name: string; data: Buffer };

const LABELS: Record<Locale, Record<'title' | 'job' | 'route' | 'sender' | 'driver' | 'insurance' | 'cover' | 'charged' | 'problem' | 'packages' | 'statements' | 'decision' | 'files' | 'none', string>> = {
  nl: {
    title: 'Schadedossier',
    job: 'Opdracht',
    route: 'Traject',
    sender: 'Verzender',
    driver: 'Chauffeur',
    insurance: 'Verzekering',
    cover: 'Dekking tot',
    charged: 'Betaald door de verzender',
    problem: 'Gemeld probleem',
    packages: 'Betrokken pakketten',
    statements: 'Verklaringen',
    decision: 'Beslissing',
    files: 'Bewijsstukken in dit dossier',
    none: 'nog geen',
  },
  fr: {
    title: 'Dossier de sinistre',
    job: 'Transport',
    route: 'Trajet',
    sender: 'Expéditeur',
    driver: 'Chauffeur',
    insurance: 'Assurance',
    cover: 'Couverture jusqu’à',
    charged: 'Payé par l’expéditeur',
    problem: 'Problème signalé',
    packages: 'Colis concernés',
    statements: 'Déclarations',
    decision: 'Décision',
    files: 'Pièces de ce dossier',
    none: 'pas encore',
  },
  en: {
    title: 'Insurance claim file',
    job: 'Job',
    route: 'Route',
    sender: 'Sender',
    driver: 'Driver',
    insurance: 'Insurance',
    cover: 'Cover up to',
    charged: 'Paid by the sender',
    problem: 'Problem reported',
    packages: 'Packages concerned',
    statements: 'Statements',
    decision: 'Decision',
    files: 'Evidence in this file',
    none: 'none yet',
  },
};

const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
const cents = (euros: number) => Math.round(euros * 100);

/** The claim as a PDF. */
export async function claimPdf(c: ProblemCase, files: string[], lang: Locale): Promise<Buffer> {
  const L = LABELS[lang];
  const { pdf, done, left, width } = openPdf(`${L.title} ${c.job.reference}`);
  const heading = (t: string) => pdf.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text(t, left, pdf.y, { width }).moveDown(0.2);
  const line = (label: string, value: string) => pdf.font('Helvetica').fontSize(9).text(`${label}: ${value}`, left, pdf.y, { width });
  const party = (p: ProblemCase['job']['sender']) => [p.name, p.company, p.email, p.phone].filter(Boolean).join(', ');

  pdf.font('Helvetica-Bold').fontSize(16).text(`${L.title} ${c.job.reference}`, left, pdf.y, { width });
  heading(L.job);
  line(L.job, `${c.job.reference} (${c.job.state})`);
  line(L.route, `${c.job.pickup} → ${c.job.delivery}`);
  line(L.sender, party(c.job.sender));
  line(L.driver, party(c.job.driver));
  line(L.insurance, `${c.job.insurance.choice} (${c.job.insurance.kind})`);
  line(L.cover, money(cents(c.job.insurance.cover), lang));
  line(L.charged, money(cents(c.job.charged), lang));

  heading(L.problem);
  line(L.problem, `${c.problem.kind}, ${iso(c.problem.reported_at)}`);
  const concerned = c.job.packages.filter((p) => c.problem.packages.includes(p.id));
  line(L.packages, concerned.length ? concerned.map((p) => `${p.description} (${p.type})`).join('; ') : '-');

  heading(L.statements);
  for (const s of c.problem.statements) {
    pdf.font('Helvetica-Bold').fontSize(9).text(`${s.party === 'sender' ? L.sender : L.driver}, ${iso(s.created_at)}`, left, pdf.y, { width });
    pdf.font('Helvetica').fontSize(9).text(s.text, left, pdf.y, { width }).moveDown(0.3);
  }

  heading(L.decision);
  const d = c.problem.decision;
  if (d) {
    line(L.decision, `${d.outcome}, ${iso(d.decided_at)}`);
    pdf.font('Helvetica').fontSize(9).text(d.reason, left, pdf.y, { width });
  } else line(L.decision, L.none);

  heading(L.files);
  for (const f of files) pdf.font('Helvetica').fontSize(9).text(f, left, pdf.y, { width });
  pdf.end();
  return done;
}

/** The claim file: the PDF first, then the evidence, as one ZIP (stored: photos and PDFs do not shrink). */
export async function claimZip(c: ProblemCase, evidence: ClaimEvidence[], lang: Locale): Promise<Buffer> {
  const pdf = await claimPdf(c, evidence.map((e) => e.name), lang);
  const entries: Record<string, [Uint8Array, { level: 0 }]> = { 'claim.pdf': [pdf, { level: 0 }] };
  for (const e of evidence) entries[e.name] = [e.data, { level: 0 }];
  return Buffer.from(zipSync(entries));
}
