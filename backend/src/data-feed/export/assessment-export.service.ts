import { BadGatewayException, Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { countFeedRange, feedAssessments, feedRangeIds } from '@cans/projections/data-feed/data-feed.queries';
import { DATA_FEED_EVENT_TYPES, DATA_FEED_LOG_STREAM, DataFeedEvent, DataFeedEvents } from '@cans/domain/data-feed/data-feed.events';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import type { Actor } from '../../platform/commands/actor';
import { APPEND_ONLY, EventSourcedCommandHandler, factLog } from '../../platform/commands/command-handler';
import { FieldValidationException } from '../../platform/http/validation';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { MAILER, Mailer } from '../../identity/delivery/mailer';
import type { AuthenticatedUser } from '../../identity/authentication/authenticated-user';
import { apiClientLimitMessage, EXPORT_LIMIT, ExportMessages } from './export-messages';
import { HeavyWorkPool, HeavyWorkSlot } from '../../platform/heavy-work/heavy-work-pool';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const dataFeedLog = factLog<DataFeedEvent>(DATA_FEED_EVENT_TYPES);

export interface ExportRange {
  from: string;
  to: string;
}

export interface ExportCount extends ExportRange {
  count: number;
  /** The most assessments one file may hold for this caller: 5000, or less for an API user (maxRecords). */
  limit: number;
}

export interface ExportFile {
  fileName: string;
  assessmentCount: number;
  stream: Readable;
}

/** No PID or name in the file name (issue 15 "Safety"): the range only. */
export const exportFileName = ({ from, to }: ExportRange): string => `cans-approved-assessments-${from}-to-${to}.xlsx`;

/**
 * Export of approved assessments (spec 002 §2 Library screen, §4 "Export of approved assessments"): the approved
 * assessments whose date of assessment is in the range, state-wide (DATA_FEED_SHOW and API clients see every
 * approved assessment, as the monthly feed), as a streamed XLSX — downloaded, or mailed as an attachment.
 */
@Injectable()
export class AssessmentExportService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly handler: EventSourcedCommandHandler,
    private readonly reads: RecordReadsService,
    private readonly heavyWork: HeavyWorkPool,
  ) {}

  /** The range, refused (400, field messages) when it runs backwards. */
  checkedRange({ from, to }: ExportRange): ExportRange {
    if (from > to) throw new FieldValidationException({ from: [ExportMessages.range_order], to: [ExportMessages.range_order] });
    return { from, to };
  }

  async count(range: ExportRange, caller: AuthenticatedUser): Promise<ExportCount> {
    const { from, to } = this.checkedRange(range);
    return { from, to, count: await countFeedRange(this.readStore, from, to), limit: limitFor(caller) };
  }

  /** Records the download, then answers the workbook's stream (written while the caller reads it). */
  async download(range: ExportRange, caller: AuthenticatedUser, actor: Actor): Promise<ExportFile> {
    const slot = this.heavyWork.reserve(caller.id);
    const { ids, fileName } = await this.prepare(range, caller, actor, null).catch(releasing(slot));
    this.reads.record(actor, ids, 'export-xlsx');
    return { fileName, assessmentCount: ids.length, stream: this.workbookStream(slot, ids) };
  }

  /** Records the export, then mails the workbook as an attachment, streamed into the mail while it is sent. */
  async mail(
    range: ExportRange,
    email: string,
    caller: AuthenticatedUser,
    actor: Actor,
  ): Promise<{ assessmentCount: number; email: string }> {
    const slot = this.heavyWork.reserve(caller.id);
    const { ids, fileName } = await this.prepare(range, caller, actor, email).catch(releasing(slot));
    const count = ids.length;
    const sent = this.mailer.send({
      to: email,
      subject: `CANS approved assessments ${range.from} to ${range.to}`,
      text:
        `Attached: the ${count} approved ${count === 1 ? 'assessment' : 'assessments'} whose date of assessment is from ${range.from} ` +
        `to ${range.to} (${fileName}). It contains children's personal data: keep it safe and delete it when done.`,
      attachments: [{ filename: fileName, contentType: XLSX_CONTENT_TYPE, content: this.workbookStream(slot, ids) }],
    });
    // The mail server's refusal in words (502: the export is recorded as attempted, the mail did not leave).
    await sent.catch((error: unknown) => {
      throw new BadGatewayException(`The file could not be mailed: ${(error as Error)?.message ?? String(error)}`);
    });
    this.reads.record(actor, ids, 'export-mail');
    return { assessmentCount: count, email };
  }

  /**
   * The ids of the file, refused (400, nothing recorded) when there are none or more than the caller's limit, and
   * the audit record — appended before any byte leaves, so a file of children's data never leaves unaudited.
   */
  private async prepare(range: ExportRange, caller: AuthenticatedUser, actor: Actor, mailedTo: string | null) {
    const { from, to } = this.checkedRange(range);
    const limit = limitFor(caller);
    // One more than the limit is enough to know it is exceeded (never reads a huge id list).
    const ids = await feedRangeIds(this.readStore, from, to, limit + 1);
    if (ids.length === 0) throw refusal(ExportMessages.export_assessment_zero);
    if (ids.length > EXPORT_LIMIT) throw refusal(ExportMessages.export_assessment_too_many);
    if (ids.length > limit) throw refusal(apiClientLimitMessage(await countFeedRange(this.readStore, from, to), limit));
    const fileName = exportFileName({ from, to });
    const facts: DataFeedEvent[] = [
      {
        type: DataFeedEvents.AssessmentsExported,
        data: {
          exportedBy: actor.userId ?? '',
          from,
          to,
          assessmentCount: ids.length,
          fileName,
          delivery: mailedTo ? 'mail' : 'download',
          mailedTo,
        },
      },
    ];
    await this.handler.handle(DATA_FEED_LOG_STREAM, dataFeedLog, facts, { actor, concurrency: APPEND_ONLY });
    return { ids, fileName };
  }

  /**
   * The workbook, written in a worker thread (HeavyWorkPool) over the documents read here, as a stream; a failure
   * destroys the stream (the transfer is cut).
   */
  private workbookStream(slot: HeavyWorkSlot, ids: readonly string[]): Readable {
    return slot.streamFile('xlsx', (fields) => feedAssessments(this.readStore, ids, fields));
  }
}

/** Gives the reserved place back when the request is refused before its file starts. */
const releasing =
  (slot: HeavyWorkSlot) =>
  (error: unknown): never => {
    slot.release();
    throw error;
  };

/** 5000 (spec 002 §9), or an API user's maxRecords when lower. */
const limitFor = (caller: AuthenticatedUser): number =>
  caller.kind === 'api-client' && caller.maxRecords !== null ? Math.min(EXPORT_LIMIT, caller.maxRecords) : EXPORT_LIMIT;

/** The range cannot give a file: the caller must choose another (400 with the message on both dates). */
const refusal = (message: string) => new FieldValidationException({ from: [message], to: [message] }, message);
