import { Inject, Injectable, Logger } from '@nestjs/common';
import { DATA_FEED_EVENT_TYPES, DATA_FEED_LOG_STREAM, DataFeedEvent, DataFeedEvents } from '@cans/domain/data-feed/data-feed.events';
import type { XmlFeedTrigger, XmlFeedUploadedData } from '@cans/domain/data-feed/data-feed.events';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import {
  SETTINGS_COLLECTION,
  SFTP_SERVER_SETTING_ID,
  SftpServerDocument,
  XML_FEED_DATE_SETTING_ID,
  XmlFeedDateDocument,
} from '@cans/projections/administration/settings.projection';
import { feedAssessments, feedRangeIds } from '@cans/projections/data-feed/data-feed.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import type { Actor } from '../../platform/commands/actor';
import { APPEND_ONLY, EventSourcedCommandHandler, factLog } from '../../platform/commands/command-handler';
import type { AppConfig } from '../../platform/config/app-config';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { APP_CONFIG, READ_STORE } from '../../platform/storage/storage-tokens';
import { destinationOf, SftpUploader } from './sftp-uploader';
import { xmlFeedStream } from './xml-feed';

export const XmlFeedMessages = {
  submitted: 'Data files have been submitted to the FTP server successfully. Please wait for the system to process the data.',
  dateUpdated: 'Date was updated successfully.',
  noServer: 'No SFTP server is saved yet: save the SFTP server first (PUT /api/settings/sftp-server).',
} as const;

/** One upload: the range, who asked, and where its outcome is recorded. */
export interface XmlFeedRequest {
  trigger: XmlFeedTrigger;
  requestedBy: string | null;
  runDay: string | null;
  from: string;
  to: string;
  coversRunDays: string[];
}

export type XmlFeedOutcome =
  ({ delivered: true } & XmlFeedUploadedData) | { delivered: false; fileName: string | null; destination: string | null; failure: string };

export interface ManualUploadAnswer {
  delivered: boolean;
  /** The spec's success message, or what went wrong. */
  message: string;
  fileName: string | null;
  assessmentCount: number | null;
}

const dataFeedLog = factLog<DataFeedEvent>(DATA_FEED_EVENT_TYPES);

/** 2026-01-05T02:00:00.000Z → 20260105T020000Z: sortable, no PID, no process id. */
const fileStamp = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The XML feed to SFTP (issue 15; docs/data-feed.md "Daily XML feed"): writes the file of a range's approved
 * assessments as a stream straight into the upload (no local copy of children's data), and records every attempt —
 * delivered or failed — with who asked, the range, the file name and the count.
 */
@Injectable()
export class XmlFeedService {
  private readonly logger = new Logger('XmlFeed');

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly handler: EventSourcedCommandHandler,
    private readonly uploader: SftpUploader,
    private readonly projections: ProjectionRunnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reads: RecordReadsService,
  ) {}

  /**
   * The manual upload of /xmlbyhandtosftp: the spec's message when the file arrived, else the failure in words —
   * recorded either way. An attempt that failed on the far side is an outcome, not a refused request (so no 4xx,
   * which would promise nothing was written; and no 5xx: this app did not fail).
   */
  async uploadByHand(from: string, to: string, actor: Actor): Promise<ManualUploadAnswer> {
    await this.projections.waitForHead(this.config.readYourWritesTimeoutMs);
    // Nothing was attempted, so nothing is recorded: the super admin saves the server and submits again.
    if (!(await this.server())) throw new DomainRuleViolation(XmlFeedMessages.noServer, {}, true);
    const request: XmlFeedRequest = { trigger: 'manual', requestedBy: actor.userId, runDay: null, from, to, coversRunDays: [] };
    const outcome = await this.deliver(request, actor, DATA_FEED_LOG_STREAM);
    if (!outcome.delivered) return { delivered: false, message: outcome.failure, fileName: outcome.fileName, assessmentCount: null };
    return { delivered: true, message: XmlFeedMessages.submitted, fileName: outcome.fileName, assessmentCount: outcome.assessmentCount };
  }

  /**
   * Uploads the range's file and records the outcome on `streamId` (the day's run stream, or the data-feed log for a
   * manual upload). Never throws for a failed upload: the failure is the outcome.
   */
  async deliver(request: XmlFeedRequest, actor: Actor, streamId: string, now: Date = new Date()): Promise<XmlFeedOutcome> {
    const { from, to } = request;
    const fileName = `cans-data-feed-${from}_${to}-${fileStamp(now)}.xml`;
    const server = await this.server();
    const destination = server ? destinationOf(server) : null;
    const facts = { trigger: request.trigger, requestedBy: request.requestedBy, runDay: request.runDay, from, to, fileName, destination };
    let outcome: XmlFeedOutcome;
    try {
      if (!server) throw new Error(XmlFeedMessages.noServer);
      const ids = await feedRangeIds(this.readStore, from, to);
      // The assessments actually written: the reads a manual upload records.
      const written: string[] = [];
      const file = xmlFeedStream(
        { from, to, generatedAt: now },
        () => feedAssessments(this.readStore, ids),
        (assessment) => written.push(assessment.id),
      );
      const stored = await this.uploader.upload(server, fileName, file);
      const assessmentCount = written.length;
      if (request.trigger === 'manual') this.reads.record(actor, written, 'xml-manual');
      outcome = { delivered: true, ...facts, fileName: stored, assessmentCount, coversRunDays: request.coversRunDays };
      const { delivered: _delivered, ...data } = outcome;
      await this.record(streamId, { type: DataFeedEvents.XmlUploaded, data }, actor);
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      this.logger.warn(`XML feed ${from}..${to} not delivered: ${failure}`);
      outcome = { delivered: false, fileName, destination, failure };
      await this.record(streamId, { type: DataFeedEvents.XmlUploadFailed, data: { ...facts, failure } }, actor);
    }
    return outcome;
  }

  /** A scheduled run that has no range to upload (no assessment date configured): recorded as not delivered. */
  async recordFailure(
    request: Omit<XmlFeedRequest, 'from' | 'to'>,
    actor: Actor,
    streamId: string,
    failure: string,
  ): Promise<XmlFeedOutcome> {
    const server = await this.server();
    const { trigger, requestedBy, runDay } = request;
    const destination = server ? destinationOf(server) : null;
    const data = { trigger, requestedBy, runDay, from: null, to: null, fileName: null, destination, failure };
    await this.record(streamId, { type: DataFeedEvents.XmlUploadFailed, data }, actor);
    return { delivered: false, fileName: null, destination, failure };
  }

  /** The configured assessment date (yyyy-MM-dd), null until Update Date is first used. */
  async assessmentDate(): Promise<string | null> {
    const saved = await this.readStore.get<XmlFeedDateDocument>(SETTINGS_COLLECTION, XML_FEED_DATE_SETTING_ID);
    return saved?.assessmentDate ?? null;
  }

  server(): Promise<SftpServerDocument | null> {
    return this.readStore.get<SftpServerDocument>(SETTINGS_COLLECTION, SFTP_SERVER_SETTING_ID);
  }

  private async record(streamId: string, event: DataFeedEvent, actor: Actor): Promise<void> {
    await this.handler.handle(streamId, dataFeedLog, [event], { actor, concurrency: APPEND_ONLY });
  }
}
