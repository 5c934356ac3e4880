import type { AssignmentCertificate } from '@ai-coaching/contracts';
import { APP_NAME, type UserLocale } from '@ai-coaching/domain';
import PDFDocument from 'pdfkit';

// A certificate as a PDF (docs/programs.md, "Certificates"): one A4 landscape page, drawn with PDFKit's standard
// Helvetica, which needs no font file. Its encoding (WinAnsi) holds the Latin letters of English and French, accents
// included; a character it lacks (a name in another script) is shown as "?" — the web page shows every name as it is.

const TEXTS: Record<
  UserLocale,
  {
    title: string;
    certifies: string;
    passed: string;
    version: (version: number) => string;
    issued: (organization: string, date: string) => string;
    score: (score: string) => string;
    items: string;
    noScore: string;
    verify: string;
  }
> = {
  'en-GB': {
    title: 'Certificate of completion',
    certifies: 'This certifies that',
    passed: 'has passed every item of the program',
    version: (version) => `version ${version}`,
    issued: (organization, date) => `Issued by ${organization} on ${date}`,
    score: (score) => `Overall score: ${score} / 100`,
    items: 'Items passed',
    noScore: 'no score',
    verify: 'Check this certificate at',
  },
  'fr-FR': {
    title: 'Certificat de réussite',
    certifies: 'Nous certifions que',
    passed: 'a réussi tous les éléments du programme',
    version: (version) => `version ${version}`,
    issued: (organization, date) => `Délivré par ${organization} le ${date}`,
    score: (score) => `Score global\u00a0: ${score} / 100`,
    items: 'Éléments réussis',
    noScore: 'sans score',
    verify: 'Vérifiez ce certificat à l’adresse',
  },
};

// WinAnsi has no narrow no-break space (which French number and date formats use): the plain one reads the same.
const printable = (text: string) => text.replaceAll('\u202f', '\u00a0');

/** The certificate's date in the reader's language, on the assignment's clock. */
export const certificateDate = (certificate: AssignmentCertificate, locale: UserLocale) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: certificate.time_zone,
  }).format(new Date(certificate.passed_at));

const scoreText = (score: number | null, locale: UserLocale) =>
  score === null ? TEXTS[locale].noScore : new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(score);

/** Up to this many items, one line each. */
const ITEMS_AS_LINES = 10;

/** The PDF's bytes. */
export const renderCertificatePdf = (
  certificate: AssignmentCertificate,
  locale: UserLocale,
  verifyUrl: string,
): Promise<Buffer> => {
  const texts = TEXTS[locale];
  const learner = [certificate.learner.first_name, certificate.learner.last_name].filter(Boolean).join(' ');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    lang: locale,
    info: { Title: `${texts.title} — ${certificate.program.name}`, Author: certificate.organization.name || APP_NAME },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  const centred = { width, align: 'center' as const };
  const line = (text: string, size: number, font = 'Helvetica', gap = 0.6) => {
    doc.font(font).fontSize(size).text(printable(text), 56, undefined, centred);
    doc.moveDown(gap);
  };

  // A thin frame in the product's primary colour (the mail button's, workers' templates).
  doc
    .lineWidth(2)
    .strokeColor('#c6005c')
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .stroke();
  doc.fillColor('#1f2937');
  doc.y = 80;
  line(APP_NAME, 12, 'Helvetica', 1.2);
  line(texts.title, 30, 'Helvetica-Bold', 1);
  line(texts.certifies, 14);
  line(learner || '—', 26, 'Helvetica-Bold', 0.6);
  line(texts.passed, 14);
  line(`${certificate.program.name} (${texts.version(certificate.program.version)})`, 20, 'Helvetica-Bold', 0.8);
  line(
    texts.issued(certificate.organization.name || APP_NAME, certificateDate(certificate, locale)),
    12,
    'Helvetica',
    0.4,
  );
  line(texts.score(scoreText(certificate.score, locale)), 12, 'Helvetica', 1);
  line(texts.items, 11, 'Helvetica-Bold', 0.3);
  const itemLines = certificate.items.map((item) => `${item.name} — ${scoreText(item.score, locale)}`);
  // A long program (up to 50 items) goes in one paragraph, so the page never runs into the footer.
  if (itemLines.length <= ITEMS_AS_LINES) for (const text of itemLines) line(text, 11, 'Helvetica', 0.2);
  else line(itemLines.join(' · '), 8);
  doc.y = doc.page.height - 100;
  line(`${texts.verify} ${verifyUrl}`, 9, 'Helvetica', 0);
  doc.end();
  return done;
};
