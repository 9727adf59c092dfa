// What staff-made drivers (the admin command, the demo drivers) hold as documents: a one-page PDF
// that says what it is, so a staff member who opens it is not misled.

/** A valid one-page PDF showing one line of text (Helvetica), with its cross-reference table. */
export function placeholderPdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 56 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A Belgian enterprise number that passes the mod-97 check, one per seed (staff-made drivers). */
export function placeholderCompanyNumber(seed: number): string {
  const first8 = `0${String(1_000_000 + (seed % 8_999_999)).padStart(7, '0')}`;
  return `${first8}${String(97 - (Number(first8) % 97)).padStart(2, '0')}`;
}
