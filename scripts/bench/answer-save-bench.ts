/**
 * Answer-save latency (spec 000 §4 "answering a question saves it"): PUT /assessments/:id/ratings as the API runs
 * it, minus HTTP — the ChangeAssessmentCommand handler (load the assessment's stream, row access, the library
 * version, decide, append one ItemRated event) plus the answer the route builds (questionnaire with triggered
 * modules and progress). On the full seed library, over assessments of realistic length (each ends with about
 * ANSWERS_PER_ASSESSMENT events), on PGlite (a data folder) and PostgreSQL.
 *
 * Rows: a bare one-event append (the floor every save pays), the handler, the handler plus the route's answer, and
 * the same answer re-sent (nothing appended: the handler's own share — load, row access, decide). Each timed save
 * is followed by that re-send, a pause like a user's between two answers, in which the projections catch up.
 *
 * Targets (p50 / p99 of the whole save): < 10 ms / < 40 ms on PostgreSQL.
 *
 * Run alone: `node -r @swc-node/register scripts/bench/answer-save-bench.ts`; `npm run bench` runs it too.
 */
import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createAppModule } from '@cans/backend/app.module';
import { AssessmentPrincipal } from '@cans/backend/assessments/access/assessment-access.service';
import {
  AssessmentChangeResult,
  ChangeAssessmentCommand,
  StartAssessmentCommand,
} from '@cans/backend/assessments/commands/assessment.commands';
import { visibleQuestionsOf } from '@cans/domain/assessments';
import { questionnaireView, triggeredItems } from '@cans/backend/assessments/queries/questionnaire-view';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { seedLibrary } from '@cans/backend/library/library-seed';
import { systemActor } from '@cans/backend/platform/commands/actor';
import { AppConfig, loadAppConfig } from '@cans/backend/platform/config/app-config';
import { EVENT_STORE } from '@cans/backend/platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';

const SAVES = Number(process.env.BENCH_ANSWER_SAVES ?? 600);
const ANSWERS_PER_ASSESSMENT = 120;
const WARM_UP = 30;

export interface AnswerSaveRow {
  backend: string;
  scenario: string;
  saves: number;
  'p50 ms': number;
  'p99 ms': number;
  'mean ms': number;
}

const worker: AssessmentPrincipal = {
  id: 'bench-worker',
  kind: 'user',
  isAdministrator: false,
  privileges: ['Assessment_View', 'Assessment_New', 'Assessment_Edit'],
  groupId: null,
  agencyId: null,
};

const child = (i: number) => ({
  cin: `BENCH-${i}`,
  firstName: 'Bench',
  lastName: `Child ${i}`,
  gender: 'F',
  raceEthnicity: 'White British',
  medicaidNumber: '123456789',
  age: 12,
  dateOfBirth: '2012-03-15',
  dateOfAssessment: '2024-05-01',
  caseOpeningDate: '2024-01-10',
  assessmentType: '62',
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 100) / 100;

async function measure(app: INestApplicationContext, backend: string): Promise<AnswerSaveRow[]> {
  const commands = app.get(CommandBus);
  await seedLibrary(commands, systemActor());
  const actor = { userId: worker.id, ip: null, correlationId: 'bench' };
  const handlerTimes: number[] = [];
  const saveTimes: number[] = [];
  const noopTimes: number[] = [];
  let assessment = 0;
  let current: AssessmentChangeResult | null = null;
  let inAssessment = 0;
  const ratings: Rating[] = ['0', '1', '2', '3', '1', '0', 'NA'];
  for (let i = 0; i < SAVES + WARM_UP; i++) {
    if (!current || inAssessment >= ANSWERS_PER_ASSESSMENT) {
      assessment += 1;
      inAssessment = 0;
      current = await commands.execute(new StartAssessmentCommand(worker, actor, child(assessment)));
    }
    const questions = visibleQuestionsOf(current!.state, current!.library!);
    const question = questions[inAssessment % questions.length];
    const rating = ratings[(i + Math.floor(inAssessment / questions.length)) % ratings.length];
    const started = performance.now();
    const result: AssessmentChangeResult = await commands.execute(
      new ChangeAssessmentCommand(worker, actor, current!.id, [
        { type: 'RateItem', questionCode: question.code, caregiverId: question.caregiverId, rating },
      ]),
    );
    const handled = performance.now();
    // What the route answers with.
    questionnaireView(result.state, result.library!);
    triggeredItems(result.state, result.library!);
    const answered = performance.now();
    // The same answer again changes nothing: load + row access + decide, no append (the handler's own share).
    const again = performance.now();
    await commands.execute(
      new ChangeAssessmentCommand(worker, actor, current!.id, [
        { type: 'RateItem', questionCode: question.code, caregiverId: question.caregiverId, rating },
      ]),
    );
    const unchanged = performance.now() - again;
    if (i >= WARM_UP) {
      handlerTimes.push(handled - started);
      saveTimes.push(answered - started);
      noopTimes.push(unchanged);
    }
    current = result;
    inAssessment += 1;
  }
  const row = (scenario: string, times: number[]): AnswerSaveRow => {
    const sorted = [...times].sort((a, b) => a - b);
    return {
      backend,
      scenario,
      saves: times.length,
      'p50 ms': round(percentile(sorted, 50)),
      'p99 ms': round(percentile(sorted, 99)),
      'mean ms': round(times.reduce((a, b) => a + b, 0) / times.length),
    };
  };
  // Baseline in the same run: a bare one-event append to the event store (what every save costs at least).
  const eventStore = app.get<EventStore>(EVENT_STORE);
  const appendTimes: number[] = [];
  for (let i = 0; i < SAVES + WARM_UP; i++) {
    const started = performance.now();
    await eventStore.append(
      `bench-bare-${i % 50}`,
      [
        {
          type: 'BenchItemRated',
          data: { questionCode: 'X', rating: '1' },
          metadata: { userId: worker.id, correlationId: 'bench', causationId: null },
        },
      ],
      'any',
    );
    if (i >= WARM_UP) appendTimes.push(performance.now() - started);
  }
  return [
    row('baseline: bare event-store append of 1 event', appendTimes),
    row('answer save: command handler (load, decide, append)', handlerTimes),
    row('answer save + answer (questionnaire, triggered, progress)', saveTimes),
    row('same answer again: load, row access, decide, nothing appended', noopTimes),
  ];
}

async function withApp(
  config: Partial<AppConfig>,
  work: (app: INestApplicationContext) => Promise<AnswerSaveRow[]>,
): Promise<AnswerSaveRow[]> {
  // The bootstrap's welcome mail to the administrator would be printed otherwise.
  process.env.LOG_LEVEL ??= 'silent';
  const app = await NestFactory.createApplicationContext(
    createAppModule({ ...loadAppConfig({}), seedDemoData: false, jwtSecret: 'bench', logLevel: 'silent', ...config }),
    { logger: ['error'] },
  );
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

export async function runAnswerSaveBench(): Promise<AnswerSaveRow[]> {
  const rows: AnswerSaveRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'cans-answer-bench-'));
  try {
    rows.push(...(await withApp({ dataDir }, (app) => measure(app, 'PGlite (data folder)'))));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `cans_answer_bench_${Date.now()}`;
  try {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
  } catch (error) {
    console.warn(`PostgreSQL skipped: cannot reach ${serverUrl} (${(error as Error).message})`);
    return rows;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  try {
    rows.push(...(await withApp({ databaseUrl: url.toString() }, (app) => measure(app, 'PostgreSQL'))));
  } finally {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
}

export function printAnswerSaveRows(rows: AnswerSaveRow[]): void {
  console.log(
    `\nAnswer-save latency — ${SAVES} saves (BENCH_ANSWER_SAVES), about ${ANSWERS_PER_ASSESSMENT} answers per assessment, full seed library\n`,
  );
  console.table(rows);
  console.log('Targets: answer save p50 < 10 ms, p99 < 40 ms on PostgreSQL. (List latency: assessment-list-bench.ts.)');
}

if (require.main === module) {
  runAnswerSaveBench()
    .then(printAnswerSaveRows)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
