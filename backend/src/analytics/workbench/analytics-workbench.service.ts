import { Inject, Injectable } from '@nestjs/common';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import { ANALYST_COMMON_FIELDS, ANALYST_EVENT_TYPES } from '@cans/projections/analytics/analyst-view/analyst-event-types';
import { DEFAULT_SANDBOX_LIMITS } from '@cans/projections/analytics/sandbox/projection-sandbox';
import { PROJECTION_TEMPLATES } from '@cans/projections/analytics/sandbox/projection-templates';
import { analyticsFieldsOf, SANDBOX_FIELD_TYPES } from '@cans/projections/analytics/sandbox/sandbox-collections';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { analyticsNamesOf } from '@cans/projections/analytics/analytics-names';
import { NAMES_FIELD } from '@cans/projections/analytics/analytics-projection';
import type { Readable } from 'node:stream';
import {
  AnalystEventsFormat,
  DATA_FEED_EVENT_TYPES,
  DATA_FEED_LOG_STREAM,
  DataFeedEvent,
  DataFeedEvents,
} from '@cans/domain/data-feed/data-feed.events';
import type { Actor } from '../../platform/commands/actor';
import { APPEND_ONLY, EventSourcedCommandHandler, factLog } from '../../platform/commands/command-handler';
import { FieldValidationException } from '../../platform/http/validation';
import { HeavyWorkPool } from '../../platform/heavy-work/heavy-work-pool';
import { storedEventsFromZero } from './analyst-events-export';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import { MINIMUM_CELL_SIZE, withSmallCellsSuppressed } from '../analytics-small-cells';
import { serveStoredEvents } from './analyst-event-source';
import { MessageChannel } from 'node:worker_threads';
import { AnalystPseudonymKey, PseudonymKeyInUse } from './analyst-pseudonym-key';
import { PREVIEW_EVENTS, PREVIEW_ROWS, ProjectionPreviewView, RANGE_ORDER, WorkbenchView } from './analytics-workbench.dto';
import type { SandboxPreviewResult, SandboxPreviewTask } from './sandbox-preview.worker-task';

const dataFeedLog = factLog<DataFeedEvent>(DATA_FEED_EVENT_TYPES);

/** What the authoring page needs: the analyst's view of the events (for completion), the templates and the limits. */
export function workbenchView(): WorkbenchView {
  const described = (fields: Record<string, { type: string; description: string }>) =>
    Object.entries(fields).map(([name, field]) => ({ name, type: field.type, description: field.description }));
  return {
    eventTypes: Object.entries(ANALYST_EVENT_TYPES).map(([type, declaration]) => ({
      type,
      description: declaration.description,
      fields: [...described(ANALYST_COMMON_FIELDS), ...described(declaration.fields)],
    })),
    templates: PROJECTION_TEMPLATES.map((template) => ({ ...template })),
    fieldTypes: [...SANDBOX_FIELD_TYPES],
    previewEvents: PREVIEW_EVENTS,
    memoryMiB: DEFAULT_SANDBOX_LIMITS.memoryBytes / 1024 / 1024,
    cpuMsPerCall: DEFAULT_SANDBOX_LIMITS.cpuMsPerCall,
    minimumCellSize: MINIMUM_CELL_SIZE,
  };
}

/**
 * Previews of analysts' projections (issue 30 item 4): the code over the first events of the analyst's view, in the
 * sandbox, in a heavy-work thread; the rows answered as every analytics answer is, small cells suppressed.
 */
@Injectable()
export class AnalyticsWorkbenchService {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly key: AnalystPseudonymKey,
    private readonly heavyWork: HeavyWorkPool,
    private readonly handler: EventSourcedCommandHandler,
  ) {}

  /**
   * The analyst's view of the events recorded from `from` to `to` (days, UTC, both included) as CSV or Parquet: recorded in the
   * data feeds' log before a byte leaves, made in a heavy-work thread as the client reads it (a place in the pool,
   * held until the file is done, like the other files).
   */
  async exportEvents(
    userId: string,
    actor: Actor,
    from: string,
    to: string,
    format: AnalystEventsFormat,
  ): Promise<{ fileName: string; stream: Readable }> {
    if (from > to) throw new FieldValidationException({ from: [RANGE_ORDER], to: [RANGE_ORDER] });
    const slot = this.heavyWork.reserve(userId);
    try {
      const key = await this.key.inUse();
      await key.record?.();
      const fileName = `cans-analyst-events-${from}-to-${to}.${format}`;
      const facts: DataFeedEvent[] = [
        { type: DataFeedEvents.AnalystEventsExported, data: { exportedBy: userId, from, to, format, fileName } },
      ];
      await this.handler.handle(DATA_FEED_LOG_STREAM, dataFeedLog, facts, { actor, concurrency: APPEND_ONLY });
      const range = { key: new Uint8Array(key.key), fromIso: `${from}T00:00:00.000Z`, toIso: `${to}T23:59:59.999Z` };
      // Made in a heavy-work thread, which folds the stored events read here; the place is released when it ends.
      const events = this.events;
      return {
        fileName,
        stream: slot.streamFile(format === 'csv' ? 'analyst-csv' : 'analyst-parquet', () => storedEventsFromZero(events), range),
      };
    } catch (error) {
      slot.release();
      throw error;
    }
  }

  async preview(userId: string, code: string, eventCount: number = PREVIEW_EVENTS): Promise<ProjectionPreviewView> {
    // The place in the pool first: a refused preview (429/503) reads nothing.
    const slot = this.heavyWork.reserve(userId);
    let key: PseudonymKeyInUse;
    let result: SandboxPreviewResult;
    try {
      key = await this.key.inUse();
      // The worker pulls the stored events from here, page by page, and folds them itself.
      const { port1, port2 } = new MessageChannel();
      serveStoredEvents(port1, this.events, eventCount * 10);
      // The place is released when the worker's task ends, or here when it never started.
      result = await slot
        .run<SandboxPreviewResult>(
          { kind: 'sandbox-preview', code, key: new Uint8Array(key.key), limit: eventCount, port: port2 } satisfies SandboxPreviewTask,
          [port2],
        )
        .finally(() => port1.close());
    } catch (error) {
      slot.release();
      throw error;
    }
    if (!result.ok) throw new DomainRuleViolation(result.error.message, { code: [result.error.message] }, false, { sandbox: result.error });
    await key.record?.();
    const rows: ProjectionPreviewView['rows'] = {};
    const totalRows: ProjectionPreviewView['totalRows'] = {};
    for (const collection of result.collections) {
      const fields = analyticsFieldsOf(collection);
      const all = [...(result.rows[collection.name] ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      totalRows[collection.name] = all.length;
      const shown = all.slice(0, PREVIEW_ROWS);
      // Agencies and items by their current names beside their codes, as on the Analytics page.
      const namesOf = await analyticsNamesOf(this.readStore, fields, shown);
      rows[collection.name] = shown.map((row) => ({ ...withSmallCellsSuppressed(row, fields), [NAMES_FIELD]: namesOf(row) }));
    }
    return {
      collections: result.collections.map((collection) => ({ ...collection, fields: [...collection.fields] })),
      rows,
      totalRows,
      events: result.events,
      elapsedMs: result.elapsedMs,
    };
  }
}
