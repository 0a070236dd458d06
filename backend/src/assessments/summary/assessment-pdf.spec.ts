import { visibleQuestionsOf } from '@cans/domain/assessments';
import {
  OWNER,
  SUPERVISOR,
  caregiver,
  completableState,
  ev,
  fold,
  inStatus,
  rate,
  seedLibrary,
  startedState,
  withCaregivers,
} from '@cans/domain/assessments/test-support/assessment-fixtures';
import { displayDate, glanceChart, printPdfDefinition, renderPdf, summaryPdfDefinition } from './assessment-pdf';
import { buildAssessmentSummary, buildPrintableAssessment } from './assessment-summary';
import { firstPagePng, hasCommand, pdfPageCount, pdfText, pngSize } from './test-support/pdf-inspection';

const names = new Map([
  [OWNER, 'Wendy Worker'],
  [SUPERVISOR, 'Sam Supervisor'],
]);
const poppler = hasCommand('pdftotext') && hasCommand('pdftoppm') && hasCommand('pdfinfo');
const withPoppler = poppler ? it : it.skip;

function ratedState() {
  let state = withCaregivers(startedState({ firstName: 'Zoë', lastName: 'Ångström' }), caregiver('cg-1', 'Ann'));
  const trauma = visibleQuestionsOf(state, seedLibrary).filter((q) => q.domainCode === 'TRAUMA' && q.caregiverId === null);
  state = rate(state, { [trauma[0].code]: '3', [trauma[1].code]: '2' });
  state = fold(state, [
    ev('QuestionCommentSaved', {
      commentId: 'c-1',
      questionCode: trauma[0].code,
      caregiverId: null,
      content: 'Disclosed at school in March.',
      authorId: OWNER,
    }),
  ]);
  return state;
}

describe('assessment PDFs', () => {
  let summaryPdf: Buffer;
  let printPdf: Buffer;

  beforeAll(async () => {
    const state = ratedState();
    summaryPdf = await renderPdf(summaryPdfDefinition(buildAssessmentSummary({ state, library: seedLibrary, names })));
    printPdf = await renderPdf(
      printPdfDefinition(buildPrintableAssessment({ state: inStatus(state, 'returned'), library: seedLibrary, names })),
    );
  });

  it('are PDF files', () => {
    for (const pdf of [summaryPdf, printPdf]) {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-7).toString('latin1')).toContain('%%EOF');
    }
  });

  withPoppler('summary: A4 pages with the child in the header, page x of y in the footer, the glance chart and the comments', () => {
    const text = pdfText(summaryPdf);
    const pages = pdfPageCount(summaryPdf);
    expect(pages).toBeGreaterThan(0);
    expect(text).toContain('CANS Summary');
    // Non-Latin-1 names survive (Roboto is embedded).
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain('PID PID-0001');
    expect(text).toContain('Date of Assessment 05/01/2024');
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.split('Zoë Ångström').length - 1).toBeGreaterThanOrEqual(pages);
    expect(text).toContain('At a Glance');
    expect(text).toContain('Total actionable items: 2');
    expect(text).toContain('Disclosed at school in March.');
    expect(text).toContain('Wendy Worker');
  });

  withPoppler('print: the full assessment with unanswered questions, caregivers and the return reason', () => {
    const text = pdfText(printPdf);
    expect(text).toContain('CANS Assessment');
    expect(text).toContain('Ann');
    expect(text).toContain('Please rate trauma again.');
    expect(text).toContain('Sam Supervisor');
    expect(pdfPageCount(printPdf)).toBeGreaterThan(pdfPageCount(summaryPdf));
  });

  withPoppler('the first page renders to an A4-shaped image', () => {
    for (const pdf of [summaryPdf, printPdf]) {
      const { width, height } = pngSize(firstPagePng(pdf));
      // A4 is 210 x 297 mm; at 50 dpi about 413 x 585 pixels.
      expect(width).toBeGreaterThan(400);
      expect(height / width).toBeCloseTo(297 / 210, 1);
    }
  });
});

describe('glance chart', () => {
  it('draws a bar per domain, scaled to the largest count, and a strength bar only for strength domains', () => {
    const summary = buildAssessmentSummary({ state: ratedState(), library: seedLibrary, names });
    const chart = glanceChart(summary.glance.domains) as {
      table: { body: Array<Array<{ canvas?: Array<{ w: number }>; text?: string }>> };
    };
    const rows = chart.table.body.slice(1);
    expect(rows).toHaveLength(summary.glance.domains.length);
    const traumaRow = rows[summary.glance.domains.findIndex((d) => d.domainCode === 'TRAUMA')];
    const emptyRow = rows[summary.glance.domains.findIndex((d) => d.actionable === 0 && d.ratingMeaning === 'need')];
    // Background + value bar for the largest count; only the background for zero.
    expect(traumaRow[1].canvas).toHaveLength(2);
    expect(traumaRow[1].canvas![1].w).toBe(traumaRow[1].canvas![0].w);
    expect(emptyRow[1].canvas).toHaveLength(1);
    expect(emptyRow[3].canvas).toBeUndefined();
    const strengthRow = rows[summary.glance.domains.findIndex((d) => d.ratingMeaning === 'strength')];
    expect(strengthRow[3].canvas).toBeDefined();
  });

  it('shows dates as MM/dd/yyyy', () => {
    expect(displayDate('2024-05-01')).toBe('05/01/2024');
    expect(displayDate('2024-05-01T10:00:00.000Z')).toBe('05/01/2024');
    expect(displayDate(null)).toBe('');
  });
});

describe('an approved assessment', () => {
  it('renders', async () => {
    const state = inStatus(completableState(), 'approved');
    const pdf = await renderPdf(summaryPdfDefinition(buildAssessmentSummary({ state, library: seedLibrary, names })));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  withPoppler('shows the approver', async () => {
    const state = inStatus(completableState(), 'approved');
    const pdf = await renderPdf(printPdfDefinition(buildPrintableAssessment({ state, library: seedLibrary, names })));
    const text = pdfText(pdf);
    expect(text).toContain('Robin Hale');
    expect(text).toContain('Sam Supervisor');
  });
});

describe('the child info labels', () => {
  withPoppler('name the fields as configured and leave out the hidden ones', async () => {
    const labels = [
      { fieldName: 'DateOfAssessment', displayName: 'Date Seen', status: 1 },
      { fieldName: 'LocalAuthority', displayName: 'Case Number', status: 1 },
      { fieldName: 'Assessor', displayName: 'Case Worker', status: 0 },
      { fieldName: 'COUNTY', displayName: 'Borough', status: 0 },
      { fieldName: 'CITY', displayName: 'Town', status: 1 },
    ];
    const state = inStatus(completableState(), 'approved');
    const text = pdfText(await renderPdf(printPdfDefinition(buildPrintableAssessment({ state, library: seedLibrary, names, labels }))));
    expect(text).toContain('Date Seen 05/01/2024');
    expect(text).toContain('Case Number PID-0001');
    expect(text).toContain('Town');
    expect(text).not.toMatch(/Date of Assessment|Case Worker|Assessor|Borough|County|DOA /);
    const defaults = pdfText(await renderPdf(printPdfDefinition(buildPrintableAssessment({ state, library: seedLibrary, names }))));
    expect(defaults).toContain('Assessor');
    expect(defaults).toContain('County');
  });
});
