import { RecordReadEvent, RecordReadEvents, recordReadsStreamId } from '@cans/domain/audit/record-reads.events';
import { describeProjection } from '../test-support/projection-specification';
import { ASSESSMENT_READS_COLLECTION, recordReadsProjection } from './record-reads.projection';
import { AssessmentReadRow, findAssessmentReads } from './record-reads.queries';

const read = (what: string, readAt: string, ...assessmentIds: string[]): RecordReadEvent => ({
  type: RecordReadEvents.AssessmentRecordsRead,
  data: { assessmentIds, what, readAt },
});

describeProjection(recordReadsProjection, (spec) => {
  it('keeps one document per read and assessment, with user, IP, what (display text) and time, found by assessment in time order', async () => {
    await spec.given(recordReadsStreamId('2026-03-02T10:00:00.000Z'), [read('summary-pdf', '2026-03-02T10:00:00.000Z', 'a1')], {
      userId: 'supervisor-1',
      ip: '::ffff:10.1.2.3',
    });
    await spec.given(
      recordReadsStreamId('2026-03-01T09:00:00.000Z'),
      [read('editor', '2026-03-01T09:00:00.000Z', 'a1'), read('export-xlsx', '2026-03-01T09:30:00.000Z', 'a1', 'a2', 'a2')],
      { userId: 'worker-2', ip: '10.9.9.9' },
    );

    const a1 = await findAssessmentReads(spec.readStore, 'a1');
    expect(a1.map(({ what, userId, ip, at, whatCode }) => ({ what, whatCode, userId, ip, at }))).toEqual([
      { what: 'Assessment', whatCode: 'editor', userId: 'worker-2', ip: '10.9.9.9', at: '2026-03-01T09:00:00.000Z' },
      { what: 'XLSX export', whatCode: 'export-xlsx', userId: 'worker-2', ip: '10.9.9.9', at: '2026-03-01T09:30:00.000Z' },
      { what: 'CANS Summary PDF', whatCode: 'summary-pdf', userId: 'supervisor-1', ip: '10.1.2.3', at: '2026-03-02T10:00:00.000Z' },
    ]);
    for (const row of a1) expect(row.id).toMatch(/^\d+:a1$/);
    // An id named twice in one event is one read of it.
    expect(await findAssessmentReads(spec.readStore, 'a2')).toEqual([
      expect.objectContaining({ assessmentId: 'a2', whatCode: 'export-xlsx', at: '2026-03-01T09:30:00.000Z' }),
    ]);
    expect(await findAssessmentReads(spec.readStore, 'never-read')).toEqual([]);
  });

  it('shows a code it does not know as itself, and rebuilds to the same documents', async () => {
    await spec.given(recordReadsStreamId('2026-03-03T00:00:00.000Z'), [read('hologram', '2026-03-03T00:00:00.000Z', 'a3')], { ip: null });
    expect(await findAssessmentReads(spec.readStore, 'a3')).toMatchObject([{ what: 'hologram', userId: 'worker-1', ip: null }]);
    const before = await spec.documents<AssessmentReadRow>(ASSESSMENT_READS_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(ASSESSMENT_READS_COLLECTION)).toEqual(before);
    expect(before).toHaveLength(5);
  });
});
