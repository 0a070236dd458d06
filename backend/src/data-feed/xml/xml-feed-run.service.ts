import { Inject, Injectable } from '@nestjs/common';
import { addDays } from '@cans/domain/assessments';
import { xmlFeedRunStreamId } from '@cans/domain/data-feed/data-feed.events';
import { XML_FEED_RUN_TAKEN, xmlFeedRunDecider } from '@cans/domain/data-feed/xml-feed-run.decider';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import { WrongExpectedRevisionError } from '@cans/storage/event-store/event-store.port';
import { systemActor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import type { AppConfig } from '../../platform/config/app-config';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { APP_CONFIG } from '../../platform/storage/storage-tokens';
import { XmlFeedOutcome, XmlFeedService } from './xml-feed.service';

/** How far back a run looks for days whose file did not arrive (a month of outages is reported, not more). */
export const COVERED_DAYS_LOOKBACK = 31;

export const NO_ASSESSMENT_DATE =
  'No assessment date is configured: a super admin sets it with Update Date on /xmlbyhandtosftp; the next run uploads then.';

export type XmlFeedRunSummary =
  | { readonly ran: false; readonly runDay: string; readonly reason: string }
  | { readonly ran: true; readonly runDay: string; readonly outcome: XmlFeedOutcome };

/** yyyy-MM-dd plus one year, less a day: the configured date plus one year, both ends included (29 Feb → 28 Feb). */
export function oneYearFrom(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const sameDayNextYear = new Date(Date.UTC(year + 1, month - 1, Math.min(day, daysIn(year + 1, month))));
  return addDays(sameDayNextYear.toISOString().slice(0, 10), -1);
}
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * One daily run of the XML feed (spec 002 §4: the configured assessment date plus one year). The day is claimed
 * first (xml-feed-run-<day>, expected no_stream), so of all app instances exactly one uploads. Each file holds the
 * whole range as it stands, so a day whose upload failed (or that had no run at all) loses nothing: the next
 * delivered file holds everything it would have, and records those days in coversRunDays.
 */
@Injectable()
export class XmlFeedRunService {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly feed: XmlFeedService,
    private readonly projections: ProjectionRunnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(now: Date = new Date()): Promise<XmlFeedRunSummary> {
    const runDay = now.toISOString().slice(0, 10);
    const streamId = xmlFeedRunStreamId(runDay);
    const actor = systemActor();
    try {
      await this.handler.handle(streamId, xmlFeedRunDecider, { type: 'ClaimXmlFeedRun', runDay }, { actor });
    } catch (error) {
      // Another instance (or an earlier start today) holds the day: its run uploads today's file.
      if (error instanceof DomainRuleViolation || error instanceof WrongExpectedRevisionError)
        return { ran: false, runDay, reason: XML_FEED_RUN_TAKEN };
      throw error;
    }
    // An approval a minute ago belongs in the file.
    await this.projections.waitForHead(this.config.readYourWritesTimeoutMs * 10);
    const from = await this.feed.assessmentDate();
    const coversRunDays = await this.undeliveredDaysBefore(runDay);
    const request = { trigger: 'scheduled' as const, requestedBy: null, runDay, coversRunDays };
    if (!from) {
      const outcome = await this.feed.recordFailure(request, actor, streamId, NO_ASSESSMENT_DATE);
      return { ran: true, runDay, outcome };
    }
    return { ran: true, runDay, outcome: await this.feed.deliver({ ...request, from, to: oneYearFrom(from) }, actor, streamId, now) };
  }

  /** The days before `runDay` whose run was claimed but delivered nothing, back to the last delivered one. */
  private async undeliveredDaysBefore(runDay: string): Promise<string[]> {
    const days: string[] = [];
    for (let back = 1; back <= COVERED_DAYS_LOOKBACK; back += 1) {
      const day = addDays(runDay, -back);
      const { state } = await this.handler.load(xmlFeedRunStreamId(day), xmlFeedRunDecider);
      if (state.delivered) break;
      if (state.claimed) days.push(day);
    }
    return days.reverse();
  }
}
