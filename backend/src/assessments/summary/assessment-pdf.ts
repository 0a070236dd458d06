/**
 * PDF versions of the CANS Summary and of the printable assessment, with pdfmake's server-side printer.
 *
 * A4 portrait; every page has a header with the child's name, PID and date of assessment and a footer "Page x of
 * y"; domains are tables; the glance chart is drawn with pdfmake's canvas (one bar per domain for actionable items,
 * one for useful strengths). Fonts: Roboto, the TrueType files shipped inside the pdfmake package (read from
 * node_modules; nothing is downloaded at run time). Only those font files may be read: the printer's local-file and
 * URL policies refuse everything else, so no text of an assessment can make the printer open a file or a URL.
 */
import { dirname, join } from 'node:path';
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { RATING_COLOURS as CHART_RATING_COLOURS, ratingColour } from '@cans/domain/reports/chart-rules';
import type { ChildLabelFieldName } from '@cans/domain/administration/child-labels.fields';
import type { AssessmentSummary, GlanceDomain, PrintableAssessment, SummaryCaregiver, SummaryDomain } from './assessment-summary.types';

interface PdfKitDocument extends NodeJS.EventEmitter {
  end(): void;
}

interface PdfPrinterInstance {
  createPdfKitDocument(definition: TDocumentDefinitions, options?: object): Promise<PdfKitDocument>;
}

type PdfPrinterClass = new (
  fonts: object,
  virtualfs: unknown,
  urlResolver: unknown,
  localAccessPolicy: (path: string) => boolean,
) => PdfPrinterInstance;
type UrlResolverClass = new (virtualfs: unknown) => { setUrlAccessPolicy(policy: (url: string) => boolean): void };

/**
 * pdfmake's server classes (pdfmake/js/*; no type declarations of their own, the shapes used are above), loaded with
 * the first PDF: with their fonts' libraries they cost every start (and every test app) most of a second.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const pdfmakeServer = () => ({
  PdfPrinter: require('pdfmake/js/Printer').default as PdfPrinterClass,
  URLResolver: require('pdfmake/js/URLResolver').default as UrlResolverClass,
  virtualfs: require('pdfmake/js/virtual-fs').default as unknown,
});
/* eslint-enable @typescript-eslint/no-require-imports */

const ROBOTO_DIR = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const FONTS = {
  Roboto: {
    normal: join(ROBOTO_DIR, 'Roboto-Regular.ttf'),
    bold: join(ROBOTO_DIR, 'Roboto-Medium.ttf'),
    italics: join(ROBOTO_DIR, 'Roboto-Italic.ttf'),
    bolditalics: join(ROBOTO_DIR, 'Roboto-MediumItalic.ttf'),
  },
};
const FONT_FILES = new Set(Object.values(FONTS.Roboto));

/**
 * Rating colours of the charts (spec 001: 0 green, 1 amber, 2 orange, 3 or more red): the one scale of
 * domain/src/reports/chart-rules.ts, as every report chart and PDF (issue 28).
 */
export const RATING_COLOURS: Readonly<Record<Rating, string>> = {
  '0': ratingColour('0'),
  '1': ratingColour('1'),
  '2': ratingColour('2'),
  '3': ratingColour('3'),
  '4': ratingColour('4'),
  NA: ratingColour('NA'),
};
/** Actionable needs red and useful strengths green, as the reports' actionable charts. */
const ACTIONABLE_COLOUR = CHART_RATING_COLOURS['3'];
const USEFUL_COLOUR = CHART_RATING_COLOURS['0'];
/** Width of one glance bar at its maximum, in points. */
const GLANCE_BAR_WIDTH = 90;

/** The table layout of report grids (pdf-document.ts gridRows), by name: a definition holds no functions but frames. */
export const GRID_CELLS_LAYOUT = 'cansGridCells';
const TABLE_LAYOUTS = {
  [GRID_CELLS_LAYOUT]: {
    hLineColor: () => '#d5dae0',
    vLineColor: () => '#d5dae0',
    paddingLeft: () => 3,
    paddingRight: () => 3,
    paddingTop: () => 3,
    paddingBottom: () => 3,
  },
};

/** Renders a document definition to PDF bytes. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const { PdfPrinter, URLResolver, virtualfs } = pdfmakeServer();
  const urlResolver = new URLResolver(virtualfs);
  urlResolver.setUrlAccessPolicy(() => false);
  const printer = new PdfPrinter(FONTS, virtualfs, urlResolver, (path) => FONT_FILES.has(path));
  const document = await printer.createPdfKitDocument(definition, { tableLayouts: TABLE_LAYOUTS });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.end();
  });
}

/** 'yyyy-MM-dd' or an ISO time → MM/dd/yyyy (spec "Date display MM/dd/yyyy"). */
export function displayDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** An ISO time → 'As of MM/dd/yyyy HH:mm UTC' (the banner of a past state, issue 16; the server names no local zone). */
export function asOfLabel(at: string): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) return `As of ${at}`;
  const iso = time.toISOString();
  return `As of ${displayDate(iso)} ${iso.slice(11, 16)} UTC`;
}

const ratingLabel = (rating: Rating | null): string => (rating === null ? '—' : rating === 'NA' ? 'N/A' : rating);
const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? '' : String(value);

function pageFrame(
  title: string,
  summary: AssessmentSummary,
): Pick<TDocumentDefinitions, 'header' | 'footer' | 'pageSize' | 'pageMargins' | 'info' | 'defaultStyle' | 'styles' | 'pageBreakBefore'> {
  const { child, labels } = summary;
  return {
    pageSize: 'A4',
    // A domain heading whose table starts on the next page moves there too.
    pageBreakBefore: (node, queries) =>
      node.headlineLevel === DOMAIN_HEADING_LEVEL && !queries.getFollowingNodesOnPage().some((n) => n.table !== undefined),
    pageMargins: [40, 60, 40, 50],
    info: { title: `${title} — ${child.fullName} (${child.cin})`, subject: title, creator: 'CANS platform' },
    header: () => ({
      margin: [40, 20, 40, 0],
      columns: [
        summary.asOf
          ? {
              stack: [
                { text: title, style: 'headerTitle' },
                { text: asOfLabel(summary.asOf.at), style: 'headerAsOf' },
              ],
            }
          : { text: title, style: 'headerTitle' },
        {
          alignment: 'right',
          style: 'headerChild',
          text: `${child.fullName}   ${labels.LocalAuthority.displayName} ${child.cin}   ${labels.DateOfAssessment.displayName} ${displayDate(child.dateOfAssessment)}`,
        },
      ],
    }),
    footer: (currentPage: number, pageCount: number) => ({
      text: `Page ${currentPage} of ${pageCount}`,
      alignment: 'center',
      fontSize: 8,
      margin: [0, 20, 0, 0],
    }),
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      headerTitle: { fontSize: 10, bold: true },
      headerChild: { fontSize: 9 },
      headerAsOf: { fontSize: 9, bold: true, color: '#B71C1C' },
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      section: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] },
      domain: { fontSize: 11, bold: true, margin: [0, 10, 0, 2] },
      th: { bold: true, fillColor: '#EEEEEE' },
      muted: { color: '#555555', fontSize: 8 },
      triggered: { italics: true, color: '#1565C0', fontSize: 8 },
    },
  };
}

function labelledPairs(pairs: Array<[string, string]>): Content {
  const rows: TableCell[][] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const [a, b] = [pairs[i], pairs[i + 1] ?? ['', '']];
    rows.push([{ text: a[0], bold: true }, text(a[1]), { text: b[0], bold: true }, text(b[1])]);
  }
  return { table: { widths: [90, '*', 90, '*'], body: rows }, layout: 'lightHorizontalLines' };
}

function childInformation(summary: AssessmentSummary, full: boolean): Content {
  const { child, assessment, labels } = summary;
  // The label configuration names these fields, and leaves out the optional ones it hides.
  const labelled = (fieldName: ChildLabelFieldName, value: string): Array<[string, string]> =>
    labels[fieldName].visible ? [[labels[fieldName].displayName, value]] : [];
  const pairs: Array<[string, string]> = [
    ['Name', child.fullName],
    ...labelled('LocalAuthority', child.cin),
    ['Date of Birth', displayDate(child.dateOfBirth)],
    ...labelled('Age', String(child.ageAtAssessment)),
    ...labelled('GENDER', child.genderName),
    ...labelled('RACEETHNICITY', child.raceEthnicity),
    ['Primary Language', text(child.primaryLanguage)],
    ...labelled('UniqueID', child.medicaidNumber),
    ...labelled('DateOfAssessment', displayDate(child.dateOfAssessment)),
    ...labelled('ASSESSMENTOPENINGDATE', displayDate(child.caseOpeningDate)),
    ...labelled('INITIALIZED', assessment.assessmentTypeName),
    ...labelled('Assessor', assessment.ownerName),
    ['Status', assessment.statusLabel],
    ['Family ID', text(child.familyId)],
  ];
  if (full) {
    pairs.push(
      ...labelled('ADDRESS', text(child.address)),
      ...labelled('CITY', text(child.city)),
      ...labelled('ZIP', text(child.zip)),
      ...labelled('COUNTY', text(child.county)),
      ...labelled('PHONENUMBER', text(child.assessorPhoneNumber)),
      ...labelled('DAYSOFNEXTASSESSMENT', text(child.daysToNextAssessment)),
      ['Looked after Child', text(child.lookedAfterChild)],
      ['Looked after Status', text(child.lookedAfterStatusName)],
      ['Approved', assessment.approvedAt ? `${displayDate(assessment.approvedAt)} ${assessment.approvedByName ?? ''}`.trim() : ''],
      ['Library Version', text(assessment.libraryVersion)],
    );
  }
  return labelledPairs(pairs);
}

function caregiverTable(caregivers: readonly SummaryCaregiver[], full: boolean): Content {
  if (caregivers.length === 0) return { text: 'No Data', style: 'muted' };
  const header: TableCell[] = ['First Name', 'Last Name', 'Relationship', 'Phone', 'Address'].map((h) => ({ text: h, style: 'th' }));
  const rows: TableCell[][] = caregivers.map((c) => [
    c.firstName,
    c.lastName,
    [c.relationship, c.role].filter(Boolean).join(' — '),
    text(c.phone),
    full ? [c.address, c.city, c.zip, c.county].filter(Boolean).join(', ') : text(c.address),
  ]);
  return { table: { headerRows: 1, widths: ['*', '*', '*', 70, '*'], body: [header, ...rows] }, layout: 'lightHorizontalLines' };
}

function bar(value: number, max: number, colour: string): Content {
  const width = max === 0 ? 0 : Math.max(value > 0 ? 2 : 0, Math.round((value / max) * GLANCE_BAR_WIDTH));
  return {
    canvas: [
      { type: 'rect', x: 0, y: 1, w: GLANCE_BAR_WIDTH, h: 8, color: '#F5F5F5' },
      ...(width > 0 ? [{ type: 'rect' as const, x: 0, y: 1, w: width, h: 8, color: colour }] : []),
    ],
  };
}

/** The glance chart: per domain, a bar of actionable items and a bar of useful strengths, drawn with canvas. */
export function glanceChart(domains: readonly GlanceDomain[]): Content {
  if (domains.length === 0) return { text: 'No Data', style: 'muted' };
  const max = Math.max(1, ...domains.map((d) => Math.max(d.actionable, d.useful)));
  const header: TableCell[] = [
    { text: 'Domain', style: 'th' },
    { text: 'Actionable items', style: 'th' },
    { text: '#', style: 'th' },
    { text: 'Useful strengths', style: 'th' },
    { text: '#', style: 'th' },
  ];
  const rows: TableCell[][] = domains.map((d) => [
    { text: d.title },
    bar(d.actionable, max, ACTIONABLE_COLOUR),
    { text: String(d.actionable), alignment: 'right' },
    d.ratingMeaning === 'strength' ? bar(d.useful, max, USEFUL_COLOUR) : { text: '' },
    { text: d.ratingMeaning === 'strength' ? String(d.useful) : '', alignment: 'right' },
  ]);
  return {
    table: { headerRows: 1, widths: ['*', GLANCE_BAR_WIDTH + 4, 18, GLANCE_BAR_WIDTH + 4, 18], body: [header, ...rows] },
    layout: 'lightHorizontalLines',
  };
}

function ratingCell(rating: Rating | null): TableCell {
  if (rating === null) return { text: '—', alignment: 'center' };
  return { text: ratingLabel(rating), alignment: 'center', bold: true, color: '#FFFFFF', fillColor: RATING_COLOURS[rating] };
}

/** Marks a domain's heading block, so a heading is never left alone at the bottom of a page. */
const DOMAIN_HEADING_LEVEL = 1;

function domainSection(domain: SummaryDomain, print: boolean): Content[] {
  const heading: Content[] = [{ text: print ? `${domain.title} — ${domain.progress.label}` : domain.title, style: 'domain' }];
  if (domain.triggeredModules.length > 0)
    heading.push({ text: `Triggered modules: ${domain.triggeredModules.join(', ')}`, style: 'triggered' });
  if (domain.triggeredQuestions.length > 0)
    heading.push({ text: `Triggered questions: ${domain.triggeredQuestions.join(', ')}`, style: 'triggered' });
  const out: Content[] = [{ stack: heading, headlineLevel: DOMAIN_HEADING_LEVEL }];
  if (domain.items.length === 0) {
    out.push({ text: 'No Data', style: 'muted' });
    return out;
  }
  const header: TableCell[] = [
    { text: 'Question', style: 'th' },
    { text: 'Rating', style: 'th', alignment: 'center' },
    { text: 'Answer', style: 'th' },
  ];
  const rows: TableCell[][] = [];
  for (const item of domain.items) {
    const questionStack: Content[] = [{ text: item.question, bold: item.actionable }];
    if (item.moduleNames.length > 0) questionStack.push({ text: item.moduleNames.join(' › '), style: 'muted' });
    if (item.triggered) questionStack.push({ text: 'triggered', style: 'triggered' });
    if (print && item.description) questionStack.push({ text: item.description, style: 'muted' });
    rows.push([{ stack: questionStack }, ratingCell(item.answer), { text: item.answerText }]);
    for (const comment of item.comments) {
      rows.push([
        {
          colSpan: 3,
          text: [{ text: `Comment — ${comment.authorName}, ${displayDate(comment.at)}: `, bold: true }, comment.content],
          style: 'muted',
        },
        {},
        {},
      ]);
    }
  }
  out.push({
    table: { headerRows: 1, dontBreakRows: true, widths: ['38%', 36, '*'], body: [header, ...rows] },
    layout: 'lightHorizontalLines',
  });
  return out;
}

function narrativeSection(summary: AssessmentSummary): Content[] {
  return summary.narrativeSections.flatMap((s): Content[] => [
    { text: s.label, bold: true, margin: [0, 4, 0, 0] },
    { text: s.text || '—' },
  ]);
}

function recommendationsSection(summary: AssessmentSummary): Content {
  return { text: summary.recommendations.text };
}

export function summaryPdfDefinition(summary: AssessmentSummary): TDocumentDefinitions {
  return {
    ...pageFrame('CANS Summary', summary),
    content: [
      { text: 'CANS Summary', style: 'title' },
      childInformation(summary, false),
      { text: 'Caregivers', style: 'section' },
      caregiverTable(summary.caregivers, false),
      { text: 'At a Glance', style: 'section' },
      {
        text: `Total actionable items: ${summary.glance.totalActionable}   Useful strengths: ${summary.glance.totalUseful}`,
        margin: [0, 0, 0, 4],
      },
      glanceChart(summary.glance.domains),
      { text: 'Domains', style: 'section' },
      ...summary.domains.flatMap((d) => domainSection(d, false)),
      { text: 'Narrative', style: 'section' },
      ...narrativeSection(summary),
      { text: 'Recommendations', style: 'section' },
      recommendationsSection(summary),
    ],
  };
}

export function printPdfDefinition(printable: PrintableAssessment): TDocumentDefinitions {
  const reasons: Content =
    printable.reasons.length === 0
      ? { text: 'No Data', style: 'muted' }
      : {
          table: {
            headerRows: 1,
            widths: [60, 90, 70, '*'],
            body: [
              ['Kind', 'By', 'Date', 'Reason'].map((h) => ({ text: h, style: 'th' })),
              ...printable.reasons.map((r) => [r.kind === 'return' ? 'Returned' : 'Closed', r.byName, displayDate(r.at), r.reason]),
            ],
          },
          layout: 'lightHorizontalLines',
        };
  return {
    ...pageFrame('CANS Assessment', printable),
    content: [
      { text: 'CANS Assessment', style: 'title' },
      childInformation(printable, true),
      { text: 'Caregivers', style: 'section' },
      caregiverTable(printable.caregivers, true),
      { text: 'At a Glance', style: 'section' },
      glanceChart(printable.glance.domains),
      { text: 'Domains', style: 'section' },
      ...printable.domains.flatMap((d) => domainSection(d, true)),
      { text: 'Narrative', style: 'section' },
      ...narrativeSection(printable),
      { text: 'Returned and Close Comments', style: 'section' },
      reasons,
      { text: 'Recommendations', style: 'section' },
      recommendationsSection(printable),
    ],
  };
}
