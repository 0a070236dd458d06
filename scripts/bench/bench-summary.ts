/**
 * The summary `npm run bench` prints last: every figure of issue 12's table (PostgreSQL unless said) beside its
 * same-run baseline, its target and whether it is met, as a Markdown table (pasted as is into a note). The figures
 * come from the parts' own rows (run-benchmarks.ts collects them in `Measured`); a part that failed or did not run
 * shows as "not measured" with its error.
 */
import type { AnswerSaveRow } from './answer-save-bench';
import type { ListBenchRow } from './assessment-list-bench';
import type { BlueGreenResult } from './blue-green-bench';
import type { ReadinessBenchRow } from './readiness-bench';
import type { RealMixRow } from './real-mix/real-mix-bench';
import type { ReportsBenchRow } from './reports-bench';
import type { DataFeedBenchRow } from './data-feed-bench';
import type { AnalyticsReplayResult, AuditViewsResult } from './audit-bench';
import { PRODUCTION_SAVE_PART, productionSaveSummaryRows } from './production-save/production-save-summary';
import type { OperationsResult } from './operations/operations-bench';
import type { MixedLoadRow } from './operations/mixed-load-bench';
import { MIXED_LOAD_PART, mixedLoadSummaryRow, OPERATIONS_PART, operationsSummaryRows } from './operations/operations-summary';
import type { ProductionSaveResult } from './production-save/production-save-bench';
import type { SaveStageRow } from './production-save/save-breakdown';

/** One row of the append bench (run-benchmarks.ts): the store beside raw SQL in the same run. */
export interface AppendRow {
  backend: string;
  scenario: string;
  events: number;
  'events/s': number;
  'raw SQL events/s': number | string;
  'store/raw': string;
}

/** What the parts measured, for the summary (a part that failed or did not run leaves its entry empty). */
export interface Measured {
  appends: AppendRow[];
  realMix: RealMixRow[];
  list: ListBenchRow[] | null;
  /** The list bench's rebuild of assessment-list (from its log line) and the raw read of the same events after it. */
  listRebuild: { events: number; seconds: number; eventsPerSecond: number; rawReadEventsPerSecond: number } | null;
  answerSaves: AnswerSaveRow[] | null;
  readiness: ReadinessBenchRow[] | null;
  blueGreen: BlueGreenResult | null;
  reports: ReportsBenchRow[] | null;
  dataFeed: DataFeedBenchRow[] | null;
  auditViews: AuditViewsResult | null;
  analyticsReplay: AnalyticsReplayResult | null;
  /** Issue 32: the answer save in the production setup, and where its time goes. */
  productionSave: ProductionSaveResult | null;
  saveBreakdown: SaveStageRow[] | null;
  /** Issue 29: normal work beside report PDFs, failover, recovery after a database restart. */
  operations: OperationsResult | null;
  mixedLoad: MixedLoadRow[] | null;
  failures: Map<string, string>;
  sizes: {
    writers: number;
    realMixPostgres: number;
    realMixPglite: number;
    list: number;
    blueGreen: number;
    reports: number;
    dataFeed: number;
    analytics: number;
  };
}

export interface SummaryRow {
  figure: string;
  measured: string;
  baseline: string;
  target: string;
  met: boolean | null;
}

const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;

/** Every figure of issue 12's and issue 13's tables (PostgreSQL unless said), beside its same-run baseline and target. */
function summaryRows(m: Measured): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const notMeasured = (figure: string, target: string, part: string) =>
    rows.push({
      figure,
      measured: m.failures.has(part) ? `not measured: ${part} failed (${m.failures.get(part)!.slice(0, 80)})` : 'not measured',
      baseline: '-',
      target,
      met: null,
    });
  const save = (prefix: string) => m.answerSaves?.find((row) => row.backend === 'PostgreSQL' && row.scenario.startsWith(prefix));
  const answerPart = 'answer saves through HTTP';

  const append = save('baseline: bare 1-event append');
  const rawInsert = save('baseline: raw single-row INSERT');
  const appendTarget = 'p50 ≤ 2x the raw INSERT';
  if (append?.['p50 ms'] != null && rawInsert?.['p50 ms'] != null) {
    const ratio = append['p50 ms'] / rawInsert['p50 ms'];
    rows.push({
      figure: 'bare one-event append inside the running app',
      measured: `p50 ${append['p50 ms']} ms (${ratio.toFixed(2)}x raw), p99 ${append['p99 ms']} ms`,
      baseline: `raw single-row INSERT commit p50 ${rawInsert['p50 ms']} ms`,
      target: appendTarget,
      met: ratio <= 2,
    });
  } else notMeasured('bare one-event append inside the running app', appendTarget, answerPart);

  const answer = save('answer save:');
  const health = save('baseline: empty GET /api/health');
  const answerTarget = 'p50 < 8 ms, p99 < 30 ms (HTTP)';
  if (answer?.['p50 ms'] != null && answer['p99 ms'] != null) {
    rows.push({
      figure: 'answer save through HTTP (sequential, cookie auth)',
      measured: `p50 ${answer['p50 ms']} ms, p99 ${answer['p99 ms']} ms (${answer.note})`,
      baseline: `empty GET /api/health p50 ${health?.['p50 ms']} ms; raw INSERT p50 ${rawInsert?.['p50 ms']} ms`,
      target: answerTarget,
      met: answer['p50 ms'] < 8 && answer['p99 ms'] < 30,
    });
  } else notMeasured('answer save through HTTP (sequential, cookie auth)', answerTarget, answerPart);

  const writers = m.appends.find((row) => row.backend === 'PostgreSQL' && row.scenario.startsWith(`append, ${m.sizes.writers} concurrent`));
  if (writers) {
    const ratio = parseFloat(writers['store/raw']);
    rows.push({
      figure: `${m.sizes.writers} concurrent writers, store/raw time`,
      measured: `${ratio.toFixed(2)}x (${perSecond(writers['events/s'])})`,
      baseline: `raw SQL INSERTs ${perSecond(Number(writers['raw SQL events/s']))}`,
      target: '< 2x',
      met: ratio < 2,
    });
  } else notMeasured(`${m.sizes.writers} concurrent writers, store/raw time`, '< 2x', 'appends, PostgreSQL');

  const listFigure = `rebuild of assessment-list, ${m.sizes.list.toLocaleString('en-US')} assessments (list bench)`;
  if (m.listRebuild) {
    const r = m.listRebuild;
    rows.push({
      figure: listFigure,
      measured: `${perSecond(r.eventsPerSecond)} (${r.events.toLocaleString('en-US')} events in ${r.seconds} s)`,
      baseline: `raw read of the same events ${perSecond(r.rawReadEventsPerSecond)}`,
      target: '> 20,000 events/s',
      met: r.eventsPerSecond > 20_000,
    });
  } else notMeasured(listFigure, '> 20,000 events/s', 'assessment list, PostgreSQL');

  const systemLog = m.realMix.find((row) => row.backend === 'PostgreSQL' && row.projection === 'system-log');
  if (systemLog) {
    rows.push({
      figure: `rebuild of system-log, real mix (${m.sizes.realMixPostgres.toLocaleString('en-US')} assessments)`,
      measured: `${perSecond(systemLog['events/s'])} (${systemLog.events.toLocaleString('en-US')} events)`,
      baseline: `raw read ${perSecond(systemLog['raw read events/s'])}`,
      target: '> 20,000 events/s',
      met: systemLog['events/s'] > 20_000,
    });
  } else notMeasured('rebuild of system-log, real mix', '> 20,000 events/s', 'real-mix rebuilds, PostgreSQL');

  for (const [backend, size, floor] of [
    ['PostgreSQL', m.sizes.realMixPostgres, 20_000],
    ['PGlite (data folder)', m.sizes.realMixPglite, 10_000],
  ] as const) {
    const figure = `rebuild of every projection, real mix, ${backend} (${size.toLocaleString('en-US')} assessments)`;
    const target = `each > ${floor.toLocaleString('en-US')} events/s`;
    const mix = m.realMix.filter((row) => row.backend === backend);
    if (mix.length === 0) {
      notMeasured(figure, target, `real-mix rebuilds, ${backend.startsWith('PGlite') ? 'PGlite' : 'PostgreSQL'}`);
      continue;
    }
    const slowest = mix.reduce((a, b) => (b['events/s'] < a['events/s'] ? b : a));
    const below = mix.filter((row) => row['events/s'] <= floor).map((row) => `${row.projection} ${perSecond(row['events/s'])}`);
    rows.push({
      figure,
      measured: `${mix.length} projections; slowest ${slowest.projection} ${perSecond(slowest['events/s'])}${below.length ? `; below: ${below.join(', ')}` : ''}`,
      baseline: `raw read ${perSecond(Math.min(...mix.map((row) => row['raw read events/s'])))}–${perSecond(Math.max(...mix.map((row) => row['raw read events/s'])))}`,
      target,
      met: below.length === 0,
    });
  }

  const counts = m.list?.find((row) => row.scenario.startsWith('home counts (supervisor,'));
  const pk = m.list?.find((row) => row.scenario.startsWith('baseline: one list row by primary key'));
  if (counts) {
    rows.push({
      figure: `home counts, supervisor scope, ${m.sizes.list.toLocaleString('en-US')} assessments`,
      measured: `p50 ${counts['p50 ms']} ms, p99 ${counts['p99 ms']} ms`,
      baseline: pk ? `one list row by primary key p50 ${pk['p50 ms']} ms` : '-',
      target: 'p50 < 10 ms',
      met: counts['p50 ms'] < 10,
    });
  } else notMeasured('home counts, supervisor scope', 'p50 < 10 ms', 'assessment list, PostgreSQL');

  const ready = m.readiness?.[0];
  const readyTarget = '200 on every poll; ≥ 95 % of the writes/s wanted, 0 failed';
  if (ready) {
    rows.push({
      figure: `/api/ready under ${ready['writes/s wanted']} writes/s`,
      measured: `200 on ${ready['200']} of ${ready.polls} polls (503 on ${ready['503']}); ${ready['writes/s achieved']} writes/s, ${ready['saves failed']} failed`,
      baseline: `${ready['writes/s wanted']} writes/s wanted; slowest poll ${ready['poll max ms']} ms`,
      target: readyTarget,
      met:
        ready.polls > 0 &&
        ready['200'] === ready.polls &&
        ready['saves failed'] === 0 &&
        ready['writes/s achieved'] >= 0.95 * ready['writes/s wanted'],
    });
  } else notMeasured('/api/ready under 130 writes/s', readyTarget, '/api/ready under writes, PostgreSQL');

  const concurrent = m.answerSaves?.filter((row) => row.backend === 'PostgreSQL' && /concurrent saves/.test(row.scenario)) ?? [];
  if (concurrent.length > 0) {
    const refused = concurrent.map((row) => Number(/^(\d+) refused/.exec(row.note)?.[1] ?? NaN));
    rows.push({
      figure: `${concurrent[0].count} concurrent rating saves on one assessment`,
      measured: concurrent.map((row) => `${row.note} (${row.scenario.replace(/^\d+ concurrent saves, /, '')})`).join('; '),
      baseline: `p99 ${concurrent.map((row) => `${row['p99 ms']} ms`).join(' / ')} while all ${concurrent[0].count} wait`,
      target: '0 refused: rating saves merge',
      met: refused.every((n) => n === 0),
    });
  } else notMeasured('50+ concurrent rating saves on one assessment', '0 refused: rating saves merge', answerPart);

  const bg = m.blueGreen;
  const bgFigure = `live blue/green rebuild of assessment-list, ${m.sizes.blueGreen.toLocaleString('en-US')} assessments, saves going on`;
  const bgTarget = '0 failed saves and reads; no read of a half-built list';
  if (bg) {
    rows.push({
      figure: bgFigure,
      measured:
        `${bg.rebuild.seconds} s, ${perSecond(bg.rebuild.eventsPerSecond)}; saves during p50 ${bg.savesDuring.p50} ms, p99 ${bg.savesDuring.p99} ms, ` +
        `${bg.savesDuring.failed} failed${bg.savesNotSent ? `, ${bg.savesNotSent} not sent` : ''}; ${bg.listReadsDuring.count} list reads served (${bg.listReadsDuring.failed} failed, ${bg.incompleteListReads} half-built)`,
      baseline: `saves before p50 ${bg.savesBefore.p50} ms, p99 ${bg.savesBefore.p99} ms; raw read ${perSecond(bg.rawReadEventsPerSecond)}`,
      target: bgTarget,
      met:
        bg.savesDuring.failed === 0 &&
        bg.savesBefore.failed === 0 &&
        bg.listReadsDuring.failed === 0 &&
        bg.incompleteListReads === 0 &&
        bg.savesNotSent === 0 &&
        bg.savesDuring.count > 0 &&
        bg.listReadsDuring.count > 0,
    });
  } else notMeasured(bgFigure, bgTarget, 'live blue/green rebuild, PostgreSQL');
  const sandboxFigure = `answer saves while an analyst's projection builds in its sandbox (${m.sizes.blueGreen.toLocaleString('en-US')} assessments)`;
  if (bg?.savesDuringSandboxBuild) {
    const during = bg.savesDuringSandboxBuild;
    rows.push({
      figure: sandboxFigure,
      measured:
        `p50 ${during.p50} ms, p99 ${during.p99} ms, ${during.failed} failed; the item-transitions template built over ` +
        `${bg.sandboxBuild.events.toLocaleString('en-US')} events in ${bg.sandboxBuild.seconds} s (${perSecond(bg.sandboxBuild.eventsPerSecond)})`,
      baseline: `saves before p50 ${bg.savesBefore.p50} ms, p99 ${bg.savesBefore.p99} ms`,
      target: 'p99 < 2× the baseline, 0 failed',
      met: during.count > 0 && during.failed === 0 && during.p99 < 2 * bg.savesBefore.p99,
    });
  } else notMeasured(sandboxFigure, 'p99 < 2× the baseline, 0 failed', 'live blue/green rebuild, PostgreSQL');

  // Issue 13: the reports at 50,000 approved assessments and the home dashboard at 100,000.
  for (const [prefix, target] of [
    ['Many Children One CANS', 500],
    ['Quick Glance', 200],
    ['Many Children Many CANS', 1000],
  ] as const) {
    const report = m.reports?.find((row) => row.scenario.startsWith(prefix));
    const figure = `${prefix}, ${m.sizes.reports.toLocaleString('en-US')} approved assessments, all domains, no filter`;
    if (report) {
      rows.push({
        figure: report.scenario.startsWith('Many Children Many') ? `${report.scenario}, ${report['cohort rows']} assessments` : figure,
        measured: `p50 ${report['p50 ms']} ms, p99 ${report['p99 ms']} ms`,
        baseline: `raw SQL aggregate p50 ${report['raw SQL p50 ms']} ms`,
        target: `p50 < ${target} ms`,
        met: report['p50 ms'] < target,
      });
    } else notMeasured(figure, `p50 < ${target} ms`, 'reports, PostgreSQL');
  }
  for (const who of ['supervisor', 'administrator']) {
    for (const kind of ['months', 'supervisees'] as const) {
      const served = m.list?.find((row) => row.scenario.startsWith(`dashboard ${kind} (${who}`) && row.scenario.endsWith('service'));
      const raw = m.list?.find((row) => row.scenario.startsWith(`dashboard ${kind} (${who}`) && row.scenario.endsWith('raw SQL GROUP BY'));
      const figure = `home dashboard ${kind} (${who}), ${m.sizes.list.toLocaleString('en-US')} assessments`;
      if (served) {
        rows.push({
          figure:
            served.scenario.replace(/, service$/, '').replace(/^dashboard/, 'home dashboard') +
            `, ${m.sizes.list.toLocaleString('en-US')} assessments`,
          measured: `p50 ${served['p50 ms']} ms, p99 ${served['p99 ms']} ms`,
          baseline: raw ? `raw SQL GROUP BY p50 ${raw['p50 ms']} ms` : '-',
          target: 'p50 < 50 ms',
          met: served['p50 ms'] < 50,
        });
      } else notMeasured(figure, 'p50 < 50 ms', 'assessment list, PostgreSQL');
    }
  }
  // Issue 15: the XLSX export and the monthly zip of 5,000 approved assessments, beside a plain COPY of the rows.
  const feedPart = 'data feed files, PostgreSQL';
  const xlsx = m.dataFeed?.find((row) => row.scenario.startsWith('XLSX'));
  const xlsxFigure = `XLSX export of ${m.sizes.dataFeed.toLocaleString('en-US')} approved assessments: time, memory growth`;
  const xlsxTarget = '< 10 s, rss and heap growth < 200 MB';
  if (xlsx) {
    rows.push({
      figure: xlsxFigure,
      measured: `${xlsx.seconds} s, ${xlsx['MB out']} MB file; growth rss ${xlsx['rss growth MB']} MB, heap ${xlsx['heap growth MB']} MB`,
      baseline: `COPY of the same documents ${xlsx['baseline COPY s']} s`,
      target: xlsxTarget,
      met: xlsx.seconds < 10 && (xlsx['rss growth MB'] ?? Infinity) < 200 && (xlsx['heap growth MB'] ?? Infinity) < 200,
    });
  } else notMeasured(xlsxFigure, xlsxTarget, feedPart);
  const zip = m.dataFeed?.find((row) => row.scenario.startsWith('monthly zip'));
  const zipFigure = `monthly zip of ${m.sizes.dataFeed.toLocaleString('en-US')} approved assessments`;
  if (zip) {
    rows.push({
      figure: zipFigure,
      measured: `${zip.seconds} s, ${zip['MB out']} MB zip`,
      baseline: `COPY of the same documents ${zip['baseline COPY s']} s`,
      target: '< 5 s',
      met: zip.seconds < 5,
    });
  } else notMeasured(zipFigure, '< 5 s', feedPart);

  // Issue 16: the audit views through HTTP on one assessment of 500 events, the cost of recording a read, and the
  // analytics projections over the real mix.
  const audit = m.auditViews;
  const auditPart = 'audit views through HTTP, PostgreSQL';
  const historyFigure = 'history of an assessment with 500 events (GET …/history)';
  if (audit) {
    const { http, service, readStream } = audit.history;
    rows.push({
      figure: `history of an assessment with ${audit.events} events and ${audit.reads} reads (GET …/history)`,
      measured: `HTTP p50 ${http.p50} ms, p99 ${http.p99} ms; service call p50 ${service.p50} ms, p99 ${service.p99} ms`,
      baseline: `readStream of the same events p50 ${readStream.p50} ms, p99 ${readStream.p99} ms`,
      target: 'p50 < 100 ms',
      met: http.p50 < 100,
    });
    const { http: asOfHttp, service: asOfService, readStreamToRevision } = audit.asOf;
    rows.push({
      figure: `the assessment as of a past event, random revision of ${audit.events} (GET …/as-of)`,
      measured: `HTTP p50 ${asOfHttp.p50} ms, p99 ${asOfHttp.p99} ms; service call p50 ${asOfService.p50} ms`,
      baseline: `readStream toRevision N p50 ${readStreamToRevision.p50} ms`,
      target: 'p50 < 50 ms',
      met: asOfHttp.p50 < 50,
    });
    const { recorded, notRecorded, recordCallMicros, emptyCallMicros } = audit.editor;
    const added = Math.round((recorded.p50 - notRecorded.p50) * 100) / 100;
    const addedText = `${added >= 0 ? '+' : '−'}${Math.abs(added)} ms`;
    rows.push({
      figure: 'recording a read: editor GET /api/assessments/{id}, recorded vs record() a no-op (alternating blocks)',
      measured: `p50 ${recorded.p50} ms (${addedText}), p99 ${recorded.p99} ms; record() alone ${recordCallMicros} µs/call`,
      baseline: `same read, record() a no-op: p50 ${notRecorded.p50} ms, p99 ${notRecorded.p99} ms; empty function ${emptyCallMicros} µs/call`,
      target: 'adds < 1 ms p50',
      met: added < 1,
    });
  } else {
    notMeasured(historyFigure, 'p50 < 100 ms', auditPart);
    notMeasured('the assessment as of a past event (GET …/as-of)', 'p50 < 50 ms', auditPart);
    notMeasured('recording a read: editor GET /api/assessments/{id}', 'adds < 1 ms p50', auditPart);
  }
  const analyticsFigure = (how: string) =>
    `analytics projections, ${how}, real mix (${m.sizes.analytics.toLocaleString('en-US')} assessments)`;
  if (m.analyticsReplay) {
    const rebuilt = m.analyticsReplay.rows.filter((row) => row.how.startsWith('rebuildOnce'));
    const sandboxed = m.analyticsReplay.rows.find((row) => row.how.startsWith('sandbox'));
    const native = rebuilt.find((row) => row.projection === 'item-transitions');
    if (sandboxed)
      rows.push({
        figure: `${analyticsFigure('the item-transitions template in the sandbox, from event zero')}, ${sandboxed.events.toLocaleString('en-US')} events`,
        measured: perSecond(sandboxed['events/s']),
        baseline: `native item-transitions ${native ? perSecond(native['events/s']) : 'not measured'}; raw read just before ${perSecond(sandboxed['raw read events/s'])}`,
        target: '≥ 20,000 events/s',
        met: sandboxed['events/s'] >= 20_000,
      });
    const preview = m.analyticsReplay.preview;
    if (preview)
      rows.push({
        figure: `preview of an analyst's projection (item-transitions template), first ${preview.events.toLocaleString('en-US')} events`,
        measured: `${preview.ms} ms (sandbox ${preview.sandboxMs} ms)`,
        baseline: sandboxed ? `the same code from event zero: ${perSecond(sandboxed['events/s'])}` : '–',
        target: '< 2,000 ms',
        met: preview.ms < 2_000,
      });
    const replayed = m.analyticsReplay.rows.filter((row) => row.how.startsWith('replay'));
    for (const [how, group] of [
      ['rebuild from event zero', rebuilt],
      ['replay --until the middle of the log', replayed],
    ] as const) {
      if (group.length === 0) continue;
      rows.push({
        figure: `${analyticsFigure(how)}, ${group[0].events.toLocaleString('en-US')} events`,
        measured: group
          .map(
            (row) =>
              `${row.projection} ${perSecond(row['events/s'])}${how.startsWith('replay') ? ` (${row.how.replace(/^replay --until /, 'until ')})` : ''}`,
          )
          .join('; '),
        baseline: `raw read just before: ${group.map((row) => perSecond(row['raw read events/s'])).join('; ')}`,
        target: '> 20,000 events/s',
        met: group.every((row) => row['events/s'] > 20_000),
      });
    }
  } else notMeasured(analyticsFigure('rebuild from event zero'), '> 20,000 events/s', 'analytics replay, PostgreSQL');
  if (m.productionSave) rows.push(...productionSaveSummaryRows(m.productionSave));
  else {
    for (const figure of ['answer save, production start', `saves/s of concurrent case workers, projections' lag`])
      notMeasured(figure, 'see issue 32', PRODUCTION_SAVE_PART);
  }
  if (m.operations) rows.push(...operationsSummaryRows(m.operations));
  else
    for (const figure of ['health and saves beside report PDFs', 'failover after kill -9', 'recovery after a PostgreSQL restart'])
      notMeasured(figure, 'see issue 29', OPERATIONS_PART);
  if (m.mixedLoad) rows.push(mixedLoadSummaryRow(m.mixedLoad));
  else notMeasured('100 simulated users, one and two instances', '0 errors', MIXED_LOAD_PART);
  return rows;
}

/** The summary as a Markdown table (pasted as is into a note). */
export function printSummary(m: Measured, seconds: number): void {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? 'yes' : '**NO**');
  console.log(
    `\n## Issue 12, 13, 15, 16 and 32 figures — npm run bench, ${new Date().toISOString()}, node ${process.version}, ${Math.round(seconds / 60)} min in all\n`,
  );
  console.log('| figure | measured | same-run baseline | target | met? |');
  console.log('|---|---|---|---|---|');
  for (const row of summaryRows(m))
    console.log(`| ${[row.figure, row.measured, row.baseline, row.target, verdict(row.met)].map(cell).join(' | ')} |`);
  for (const [part, message] of m.failures) console.log(`\nFAILED: ${part}: ${message}`);
}
