import type { Locale } from '@vm/domain';
import PDFDocument from 'pdfkit';

// The low-level PDF writing our documents share (invoices and credit notes in lib/e-invoice, the
// drivers' weekly statements): an A4 page in the house style, a table row of columns, and money in
// the reader's language with characters the standard fonts have.

export type Pdf = InstanceType<typeof PDFDocument>;
export type Column = { w: number; align: 'left' | 'right' };

/** An A4 document with 48 pt margins; `done` resolves to its bytes after `pdf.end()`. */
export function openPdf(title: string): { pdf: Pdf; done: Promise<Buffer>; left: number; width: number } {
  const pdf = new PDFDocument({ size: 'A4', margin: 48, info: { Title: title } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = pdf.page.margins.left;
  return { pdf, done, left, width: pdf.page.width - left - pdf.page.margins.right };
}

/** Writes one table row at the cursor (cells side by side, the tallest decides the next line). */
export function tableRow(pdf: Pdf, left: number, cols: Column[], cells: string[], bold = false): void {
  const y = pdf.y;
  let x = left;
  let bottom = y;
  pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  cells.forEach((cell, i) => {
    pdf.text(cell, x, y, { width: cols[i]!.w - 4, align: cols[i]!.align });
    bottom = Math.max(bottom, pdf.y);
    x += cols[i]!.w;
  });
  pdf.x = left;
  pdf.y = bottom + 3;
}

/** "€ 1.234,56" (nl), "1 234,56 €" (fr), "€1,234.56" (en): plain spaces, which the PDF's standard font has. */
export function money(cents: number, lang: Locale): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100));
  const frac = String(abs % 100).padStart(2, '0');
  const group = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  if (lang === 'en') return `${sign}€${group(',')}.${frac}`;
  if (lang === 'fr') return `${sign}${group(' ')},${frac} €`;
  return `${sign}€ ${group('.')},${frac}`;
}

/** 'YYYY-MM-DD' as 'DD/MM/YYYY' (nl, fr) or as is (en). */
export const dateText = (iso: string, lang: Locale): string => {
  const [y, m, d] = iso.split('-');
  return lang === 'en' ? `${y}-${m}-${d}` : `${d}/${m}/${y}`;
};
